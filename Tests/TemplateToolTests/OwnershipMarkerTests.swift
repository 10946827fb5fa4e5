import Testing

@testable import TemplateTool

@Suite("Files and CI steps that say which integration they are part of")
struct OwnershipMarkerTests {
    @Test("a marker ends a comment of any of the three kinds and may name several integrations")
    func readsMarkers() {
        let owners = { (line: String) in OwnershipMarker.marker(in: line)?.names ?? [] }
        #expect(owners("scripts/conformance   # its server; part of: HTTPBackend") == ["HTTPBackend"])
        #expect(owners("<!-- deleted with it; part of: HTTPBackend -->") == ["HTTPBackend"])
        #expect(owners("// part of: JSONFileStore, OfflineFirst") == ["JSONFileStore", "OfflineFirst"])
        #expect(owners("# part of: HTTPBackend\r") == ["HTTPBackend"])
        #expect(owners("scripts/interop   # HTTPSupport against httpbin").isEmpty)
        #expect(owners("Prose that says part of: HTTPBackend is no marker").isEmpty)
    }

    @Test("a file belongs only when a marker stands among its first lines")
    func fileMarkers() {
        let page = "<!-- part of: HTTPBackend -->\n# The API\n"
        #expect(OwnershipMarker.fileBelongs(page, toAnyOf: ["HTTPBackend"]))
        #expect(!OwnershipMarker.fileBelongs(page, toAnyOf: ["JSONFileStore"]))
        let late =
            Array(repeating: "text", count: OwnershipMarker.headerLines).joined(separator: "\n")
            + "\n# part of: HTTPBackend\n"
        #expect(!OwnershipMarker.fileBelongs(late, toAnyOf: ["HTTPBackend"]))
    }

    @Test("the lines that name a removed integration go, every other line stays as it was")
    func removesLines() throws {
        let script = """
            section "HTTP"
            scripts/interop       # the transports
            scripts/conformance   # the server; part of: HTTPBackend
            scripts/test-remove-integration   # part of: JSONFileStore, HTTPBackend
            """
        let (text, removed) = try OwnershipMarker.removingLines(of: ["JSONFileStore"], from: script, file: "run")
        #expect(
            text == """
                section "HTTP"
                scripts/interop       # the transports
                scripts/conformance   # the server; part of: HTTPBackend
                """)
        #expect(removed == ["scripts/test-remove-integration   # part of: JSONFileStore, HTTPBackend"])
    }

    @Test("a member name is mentioned only as itself, not as a longer name or SwiftPM's .library(name:)")
    func memberMentions() {
        #expect(PackageTree.line("services.service(.library)", mentions: ".library"))
        #expect(PackageTree.line("case .library:", mentions: ".library"))
        #expect(PackageTree.line("    .library", mentions: ".library"))
        #expect(!PackageTree.line(".library(name: \"Models\", targets: [\"Models\"]),", mentions: ".library"))
        #expect(!PackageTree.line("store.libraryVideos", mentions: ".library"))
        #expect(PackageTree.line("the VideoLibraryService protocol", mentions: "VideoLibraryService"))
    }

    @Test("in Swift, a line that starts with # is code: a marker at its end marks that line")
    func swiftHashIsCode() throws {
        let source = """
            func check() {
                #expect(!listed.contains("mockhost"))  // part of: MockVideoHost
                #expect(listed.contains("sqlite"))
            }
            """
        let (text, removed) = try OwnershipMarker.removingLines(
            of: ["MockVideoHost"], from: source, file: "Tests/AppTests/ListTests.swift")
        #expect(text == "func check() {\n    #expect(listed.contains(\"sqlite\"))\n}")
        #expect(removed == ["#expect(!listed.contains(\"mockhost\"))  // part of: MockVideoHost"])
    }

    @Test("a region goes whole, a marked line takes its doc comment along, and the rest stays")
    func removesRegionsAndDocumentedLines() throws {
        let source = """
            enum Kind {
                /// Posts.
                case posts
                /// Hosting.
                case hosting  // part of: hosting

                // begin part of: hosting
                func upload() {}
                // end part of: hosting
                func feed() {}
            }
            """
        let (text, removed) = try OwnershipMarker.removingLines(of: ["hosting"], from: source, file: "Kind.swift")
        #expect(
            text == """
                enum Kind {
                    /// Posts.
                    case posts

                    func feed() {}
                }
                """)
        #expect(removed.count == 5)
    }

    @Test("an unclosed region, or an end without a begin, is refused naming the line")
    func refusesUnbalancedRegions() {
        #expect(throws: ToolFailure.self) {
            try OwnershipMarker.removingLines(of: ["hosting"], from: "a\n// begin part of: hosting\nb", file: "F")
        }
        #expect(throws: ToolFailure.self) {
            try OwnershipMarker.removingLines(of: ["hosting"], from: "a\n// end part of: hosting", file: "F")
        }
    }

    @Test("only a comment line marks a whole file; a marked line of code near the top does not")
    func headerMarkersAreCommentLines() {
        let belongs = { (text: String) in OwnershipMarker.fileBelongs(text, toAnyOf: ["hosting"]) }
        #expect(belongs("// deleted with the service it is part of: hosting\nimport A"))
        #expect(!belongs("import Hosting  // part of: hosting\n"))
        #expect(!belongs("// begin part of: hosting\n// end part of: hosting\n"))
    }

    @Test("in Markdown, code shown in a swift or diff block is an example; a shell line or comment marks")
    func markdownExamplesAreNotMarkers() throws {
        let page = """
            ```diff
             // begin part of: hosting
            +    case replies
            ```

            ```sh
            swift run silo upload clip.mp4   # part of: hosting
            swift run silo feed
            ```
            <!-- begin part of: hosting -->
            The host.
            <!-- end part of: hosting -->
            """
        let (text, removed) = try OwnershipMarker.removingLines(of: ["hosting"], from: page, file: "Guide.md")
        #expect(
            text == """
                ```diff
                 // begin part of: hosting
                +    case replies
                ```

                ```sh
                swift run silo feed
                ```
                """)
        #expect(removed.count == 4)
    }

    @Test("what went from between two blank lines leaves one")
    func collapsesBlankLines() throws {
        let page = "A\n\n<!-- begin part of: hosting -->\nB\n<!-- end part of: hosting -->\n\nC\n"
        #expect(try OwnershipMarker.removingLines(of: ["hosting"], from: page, file: "P.md").text == "A\n\nC\n")
    }

    @Test("a comment line below the header that marks nothing is refused, naming the line")
    func refusesStrayCommentLines() {
        let source = "import A\n\n\n\n\n/// Uploads.\n// part of: hosting\nfunc upload() {}\n"
        #expect(throws: ToolFailure.self) {
            try OwnershipMarker.removingLines(of: ["hosting"], from: source, file: "Upload.swift")
        }
    }

    @Test("in Markdown, a heading or prose that says 'part of:' is no marker; an HTML comment is")
    func markdownProseIsNotAMarker() throws {
        let page = "# Uploads, part of: hosting\nText #1, part of: hosting\n"
        #expect(!OwnershipMarker.fileBelongs(page, toAnyOf: ["hosting"], file: "Uploads.md"))
        #expect(try OwnershipMarker.removingLines(of: ["hosting"], from: page, file: "Uploads.md").text == page)
        #expect(
            OwnershipMarker.fileBelongs("<!-- part of: hosting -->\n# Uploads\n", toAnyOf: ["hosting"], file: "U.md"))
    }
}

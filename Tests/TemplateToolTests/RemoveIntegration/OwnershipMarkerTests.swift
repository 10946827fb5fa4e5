import Testing

@testable import TemplateTool

@Suite("Files and CI steps that say which integration they are part of")
struct OwnershipMarkerTests {
    @Test("a marker ends a comment of any of the three kinds and may name several integrations")
    func readsMarkers() {
        let owners = OwnershipMarker.owners(ofLine:)
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
    func removesLines() {
        let script = """
            section "HTTP"
            scripts/interop       # the transports
            scripts/conformance   # the server; part of: HTTPBackend
            scripts/test-remove-integration   # part of: JSONFileStore, HTTPBackend
            """
        let (text, removed) = OwnershipMarker.removingLines(of: ["JSONFileStore"], from: script)
        #expect(
            text == """
                section "HTTP"
                scripts/interop       # the transports
                scripts/conformance   # the server; part of: HTTPBackend
                """)
        #expect(removed == ["scripts/test-remove-integration   # part of: JSONFileStore, HTTPBackend"])
    }
}

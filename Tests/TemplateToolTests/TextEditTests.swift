import Testing

@testable import TemplateTool

@Suite("Scaffolding: edits at marked places")
struct TextEditTests {
    @Test("an insertion goes before the first line starting with the marker")
    func insert() throws {
        let text = "a\n    // MARK: - App (the root)\nb"
        let edited = try TextEdit.insert("x\n", beforeLine: "// MARK: - App", in: text, file: "F")
        #expect(edited == "a\nx\n\n    // MARK: - App (the root)\nb")
    }

    @Test("an item is appended to the array after the anchor, with a comma before it")
    func append() throws {
        let text = """
            name: "Other",
            dependencies: ["A"],
            name: "App",
            dependencies: [
                "Models", "Services"
            ]
            """
        let edited = try TextEdit.append(
            "\"NewIntegration\"", toArrayOpening: "dependencies: [", after: "name: \"App\",", in: text, file: "F")
        #expect(edited.hasSuffix("    \"Models\", \"Services\",\n    \"NewIntegration\",\n]"))
        #expect(edited.contains("dependencies: [\"A\"],"))
    }

    @Test("the comma goes before a last item's trailing marker comment, never into it")
    func appendAfterMarkedItem() throws {
        let text = """
            static let claims = [
                .posts: posts,
                .hosting: hosting  // part of: hosting
            ]
            """
        let edited = try TextEdit.append(
            ".replies: replies", toArrayOpening: "static let claims = [", in: text, file: "F")
        #expect(edited.contains("    .hosting: hosting,  // part of: hosting\n    .replies: replies,\n]"))
        let inString = text.replacingOccurrences(of: "hosting  // part of: hosting", with: "\"a // b\"")
        #expect(
            try TextEdit.append(".r", toArrayOpening: "static let claims = [", in: inString, file: "F")
                .contains("    .hosting: \"a // b\",\n    .r,\n]"))
        let withComma = text.replacingOccurrences(of: "hosting  //", with: "hosting,  //")
        #expect(
            try TextEdit.append(".r", toArrayOpening: "static let claims = [", in: withComma, file: "F")
                .contains("    .hosting: hosting,  // part of: hosting\n    .r,\n]"))
    }

    @Test("an insertion goes after the last line containing the marker")
    func insertAfterLast() throws {
        let text = "a = try pick(.a)\nb = try pick(.b)\n}"
        let edited = try TextEdit.insert(
            "c = try pick(.c)", afterLastLineContaining: "= try pick(", in: text, file: "F")
        #expect(edited == "a = try pick(.a)\nb = try pick(.b)\nc = try pick(.c)\n}")
    }

    @Test("an element is appended to a one-line list, with a comma only when the list has elements")
    func appendInline() throws {
        let text = "x(name: \"memory\", services: [.posts, .users], keepsData: false)"
        let edited = try TextEdit.append(".replies", toInlineListAfter: "services: [", in: text, file: "F")
        #expect(edited == "x(name: \"memory\", services: [.posts, .users, .replies], keepsData: false)")
        #expect(try TextEdit.append(".a", toInlineListAfter: "[", in: "[]", file: "F") == "[.a]")
        #expect(throws: ToolFailure.self) {
            try TextEdit.append(".a", toInlineListAfter: "services: [", in: "[", file: "F")
        }
    }

    @Test("a file without the marker fails, naming the file and where to edit by hand")
    func missingMarker() {
        #expect(throws: ToolFailure.self) {
            try TextEdit.insert("x", beforeLine: "// MARK: - App", in: "nothing here", file: "Package.swift")
        }
        do {
            _ = try TextEdit.append("x", toArrayOpening: "all = [", after: "name: \"App\",", in: "a", file: "F")
            Issue.record("expected a failure")
        } catch {
            #expect(error.message.contains("F has no array starting `all = [` after `name: \"App\",`"))
        }
    }

    @Test("property names keep an acronym together: httpThing, grdb, firestore")
    func lowerFirstNames() {
        #expect(lowerFirst("HTTPThing") == "httpThing")
        #expect(lowerFirst("GRDB") == "grdb")
        #expect(lowerFirst("Firestore") == "firestore")
    }
}

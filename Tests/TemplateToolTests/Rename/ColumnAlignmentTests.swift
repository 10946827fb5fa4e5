import Testing

@testable import TemplateTool

@Suite("Renaming: code blocks keep their columns")
struct ColumnAlignmentTests {
    let names = NameForms(old: "Silo", new: "FieldNotes")

    private func renamed(_ document: String) -> String {
        ColumnAlignment.realigning(names.replacing(in: document), original: document)
    }

    @Test("commands with comments line up again when the name grows")
    func longerName() {
        let document = """
            ```sh
            swift run silo    # the sample app
            swift test        # every test
            ```
            """
        #expect(
            renamed(document) == """
                ```sh
                swift run fieldnotes  # the sample app
                swift test            # every test
                ```
                """)
    }

    @Test("a shorter name keeps the old column, and prose outside blocks is left as renamed")
    func shorterName() {
        let document = """
            Sources/SiloCLI   the app
            ```
            Sources/SiloCLI   the app
            Sources/Models    pure Swift
            ```
            """
        #expect(
            ColumnAlignment.realigning(
                NameForms(old: "Silo", new: "Ab").replacing(in: document), original: document)
                    == """
                    Sources/AbCLI   the app
                    ```
                    Sources/AbCLI     the app
                    Sources/Models    pure Swift
                    ```
                    """)
    }

    @Test("a line whose column no other line shared is left as renamed")
    func loneLine() {
        let document = "```\nsilo feed  # one\nother text\n```"
        #expect(renamed(document) == "```\nfieldnotes feed  # one\nother text\n```")
    }
}

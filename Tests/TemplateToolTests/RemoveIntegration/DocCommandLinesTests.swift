import Testing

@testable import TemplateTool

@Suite("Doc commands that use a removed integration")
struct DocCommandLinesTests {
    static let removal = DocCommandLines(
        name: "HTTPBackend", configurationName: "http", propertyName: "httpBackend",
        scripts: ["scripts/conformance"], products: ["silo-backend"])

    @Test("a shell line that picks it, runs its script or product, or removes it goes; prose and other blocks stay")
    func removesCommands() {
        let page = """
            Start `swift run silo-backend` first.

            ```sh
            swift run silo feed                  # the feed
            swift run silo-backend               # the server
            SILO_POSTS=http swift run silo       # over HTTP
            SILO_POSTS="http" swift run silo     # quoted
            SILO_POSTS=https swift run silo      # another name
            OTHER=http swift run silo            # not a service's variable
            scripts/conformance                  # its checks
            scripts/remove-integration HTTPBackend
            ```

            ```bash
            swift run silo-backend
            ```

            ```
            swift run silo-backend
            ```
            """
        let (text, removed) = Self.removal.removing(from: page)
        #expect(
            text == """
                Start `swift run silo-backend` first.

                ```sh
                swift run silo feed                  # the feed
                SILO_POSTS=https swift run silo      # another name
                OTHER=http swift run silo            # not a service's variable
                ```

                ```bash
                ```

                ```
                swift run silo-backend
                ```
                """)
        #expect(removed.count == 6)
    }

    @Test("a command continued over several lines stays whole, and a comment is not a command")
    func keepsContinuedCommandsAndComments() {
        let page = """
            ```sh
            SILO_POSTS=http swift run silo \\
                feed
            swift run silo feed \\
                SILO_POSTS=http
            swift run silo feed   # not SILO_POSTS=http
            # SILO_POSTS=http swift run silo
            ```
            """
        #expect(Self.removal.removing(from: page).text == page)
    }
}

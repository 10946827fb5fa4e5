import CommandLineSupport
import Testing

@Suite("Help pages in swift-argument-parser's layout")
struct HelpPageTests {
    @Test("headings end in a colon, labels sit at column 2 and abstracts at column 26")
    func layout() {
        let page = HelpPage(
            overview: "Publish a post.", discussion: "Text that starts with a dash goes after --.",
            usage: ["silo", "post", "<text>"],
            sections: [
                HelpSection("ARGUMENTS", rows: [.init("<text>", "What to publish.")]),
                HelpSection("OPTIONS", rows: [.init("-h, --help", "Show help information.")]),
            ])
        #expect(
            page.rendered(width: 80) == """
                OVERVIEW: Publish a post.

                Text that starts with a dash goes after --.

                USAGE: silo post <text>

                ARGUMENTS:
                  <text>                  What to publish.

                OPTIONS:
                  -h, --help              Show help information.
                """)
    }

    @Test("a label too long for its column puts the abstract on the next line, at column 26")
    func longLabel() {
        let page = HelpPage(
            overview: "x", usage: ["tool"],
            sections: [HelpSection("OPTIONS", rows: [.init("--access-token-seconds <n>", "How long a token lasts.")])])
        #expect(
            page.rendered(width: 80).hasSuffix(
                """
                OPTIONS:
                  --access-token-seconds <n>
                                          How long a token lasts.
                """))
    }

    @Test("everything wraps to the width; usage wraps between words, never inside [--limit <n>]")
    func wrapping() {
        let page = HelpPage(
            overview: "A summary long enough that it has to wrap onto a second line at this width.",
            usage: ["silo", "feed", "[--limit <n>]", "[--after <cursor>]", "[--all]", "[--follow]"],
            sections: [
                HelpSection(
                    "OPTIONS",
                    rows: [.init("--all", "Show every page, not just the first, however many there are in all.")])
            ], footer: "See 'silo help <subcommand>' for detailed help.")
        let lines = page.rendered(width: 50).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines)")
        #expect(lines.contains("USAGE: silo feed [--limit <n>] [--after <cursor>]"))
        #expect(lines.contains("       [--all] [--follow]"))
        #expect(lines.last == "  See 'silo help <subcommand>' for detailed help.")
    }

    @Test("an empty section is left out")
    func emptySection() {
        let page = HelpPage(overview: "x", usage: ["tool"], sections: [HelpSection("ARGUMENTS", rows: [])])
        #expect(page.rendered(width: 80) == "OVERVIEW: x\n\nUSAGE: tool")
    }
}

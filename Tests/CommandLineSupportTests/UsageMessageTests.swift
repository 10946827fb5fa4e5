import CommandLineSupport
import Testing

@Suite("Usage errors and suggestions")
struct UsageMessageTests {
    @Test("an error, the usage, and where to read more, as swift-argument-parser prints them")
    func layout() {
        let message = UsageMessage(
            UsageMessage.suggesting("Unknown option '--limt'", typed: "--limt", among: ["--limit", "--all"]),
            usage: "silo feed [--limit <n>]", helpCommand: "silo feed --help")
        #expect(
            message.text == """
                Error: Unknown option '--limt'. Did you mean '--limit'?
                Usage: silo feed [--limit <n>]
                  See 'silo feed --help' for more information.
                """)
    }

    @Test("no suggestion when nothing is near")
    func nothingNear() {
        #expect(
            UsageMessage.suggesting("Unknown option '--zzz'", typed: "--zzz", among: ["--limit"])
                == "Unknown option '--zzz'")
    }

    @Test(
        "the nearest name within one edit per three characters, swaps counting as one",
        arguments: [
            ("fed", "feed"), ("fede", "feed"), ("--prot", "--port"), ("libary", "library"), ("SIGNIN", "sign-in"),
        ])
    func closest(typed: String, expected: String) {
        #expect(ClosestName.to(typed, among: ["feed", "--port", "library", "sign-in", "sign-up"]) == expected)
    }

    @Test("too far, or empty, suggests nothing")
    func tooFar() {
        #expect(ClosestName.to("xyz", among: ["feed"]) == nil)
        #expect(ClosestName.to("", among: ["feed"]) == nil)
    }
}

import Foundation
import Testing

@testable import TemplateTool

@Suite("What still mentions what a removal took out")
struct MentionReportTests {
    @Test("a page's or a script's declared examples are not reported; other mentions, and code's, are")
    func declaredExamplesAreLeftOut() throws {
        let guide = """
            # Adding a service
            <!-- examples, not mentions: replies, ReplyService -->
            Write `ReplyService`, then `scripts/new-service replies ReplyService` declares `.replies`.
            `ReplyService` is served by `FirestoreIntegration` here.
            """
        let files = [
            "Docs/AddingAService.md": guide,
            "Docs/Other.md": "The `ReplyService` of this app.\n",
            "Sources/App/Wiring.swift": "let key = ServiceKey.replies  // ReplyService\n",
            "scripts/test-guide":
                "#!/bin/sh\n# examples, not mentions: replies, ReplyService\nscripts/new-service replies ReplyService\n",
            "scripts/new-service": "# e.g. scripts/new-service replies ReplyService\n",
            "Sources/TemplateTool/Example.swift": "// ReplyService, as an example\n",
        ]
        try withScratchTree(files) { tree in
            let found = MentionReport.mentions(of: ["ReplyService", ".replies", "FirestoreIntegration"], in: tree)
            let byPath = Dictionary(uniqueKeysWithValues: found.map { ($0.path, $0.lines) })
            #expect(byPath["Docs/AddingAService.md"] == ["4"])
            #expect(byPath["Docs/Other.md"] == ["1"])
            #expect(byPath["Sources/App/Wiring.swift"] == ["1"])
            #expect(byPath["Sources/TemplateTool/Example.swift"] == nil)
            #expect(byPath["scripts/test-guide"] == nil)
            #expect(byPath["scripts/new-service"] == nil)
        }
    }

    @Test("the declaration is read from any line of a page, with its names trimmed")
    func readsTheDeclaration() {
        let text = "Intro\n  <!-- examples, not mentions:  replies ,ReplyService, -->\nMore\n"
        #expect(MentionReport.exampleNames(in: text) == ["replies", "ReplyService"])
        #expect(MentionReport.exampleNames(in: "<!-- part of: hosting -->\n").isEmpty)
        #expect(MentionReport.exampleNames(in: "# examples, not mentions: Firestore\n") == ["Firestore"])
        #expect(MentionReport.exampleNames(in: "Prose: examples, not mentions: Firestore\n").isEmpty)
        #expect(MentionReport.exampleNames(in: "Prose `<!-- examples, not mentions: Firestore -->`\n").isEmpty)
        #expect(MentionReport.exampleNames(in: "See https://x.test/ examples, not mentions: Firestore\n").isEmpty)
    }

    @Test("a form of a declared name is an example (a key, a module, a folder); a longer name is not")
    func formsOfExamples() {
        let declared: Set<String> = ["replies", "ReplyService", "Firestore", "firestore"]
        for word in [
            ".replies", "ReplyService", "FirestoreIntegration", "Integrations/Firestore", "=firestore",
            "Tests/FirestoreIntegrationTests", "Integrations/Firestore.md",
        ] {
            #expect(MentionReport.isExample(word, declared: declared), "\(word)")
        }
        for word in ["JSONFileStore", "FirestoreSync", ".repliesArchive", "Integration", "MyReplyService"] {
            #expect(!MentionReport.isExample(word, declared: declared), "\(word)")
        }
    }
}

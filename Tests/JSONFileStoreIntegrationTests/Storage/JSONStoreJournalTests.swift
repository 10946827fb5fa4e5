import Foundation
import JSONFileStoreIntegration
import Models
import Services
import TestSupport
import Testing

@Suite("JSON file store journal")
struct JSONStoreJournalTests {
    static let user =
        #"{"created_at":"2024-03-01T12:00:00.000Z","display_name":"Ann","handle":"ann","id":"u1"}"#
    static func post(_ id: String, _ text: String) -> String {
        #"{"author_id":"u1","created_at":"2024-03-01T12:00:0\#(id.suffix(1)).000Z","id":"\#(id)","text":"\#(text)"}"#
    }
    static let snapshot = #"{"format_version": 3, "library": [], "posts": [], "users": [\#(user)]}"#

    @Test("a save appends one line to store.journal, and a stop folds the journal into store.json")
    func appendsThenFolds() async throws {
        // Given a started store with a user
        let store = try StoreDirectory(prefix: "json-journal")
        let integration = store.integration()
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "ann", displayName: "Ann"))
        let lines = { try String(contentsOf: store.journal, encoding: .utf8).split(separator: "\n") }
        let linesBefore = try lines().count

        // When a post is published
        let post = try await integration.postService.publish(PostDraft(authorID: author.id, text: "Hello"))

        // Then the journal has one line more, holding the post, and store.json does not hold it yet
        let added = try lines()
        #expect(added.count == linesBefore + 1)
        #expect(added.last?.contains(#""id":"\#(post.id.rawValue)""#) == true, "\(added.last ?? "")")
        #expect(!((try? String(contentsOf: store.file, encoding: .utf8))?.contains(post.id.rawValue) ?? false))

        // And after stop, store.json holds everything and the journal is empty
        await integration.stop()
        #expect(try String(contentsOf: store.file, encoding: .utf8).contains(post.id.rawValue))
        #expect(try Data(contentsOf: store.journal).isEmpty)
    }

    @Test("start replays the journal over store.json, and lines store.json already holds change nothing")
    func replay() async throws {
        // Given store.json holding p1, and a journal that saves p1 again, then p2, then deletes p1
        // (as after a crash between writing store.json and emptying the journal)
        let store = try StoreDirectory(prefix: "json-replay")
        let snapshot =
            #"{"format_version": 3, "library": [], "posts": [\#(Self.post("p1", "one"))], "users": [\#(Self.user)]}"#
        try store.write(snapshot)
        let journal = [
            #"{"posts":[\#(Self.post("p1", "one"))]}"#, #"{"posts":[\#(Self.post("p2", "two"))]}"#,
            #"{"deleted_posts":["p1"]}"#,
        ]
        try Data((journal.joined(separator: "\n") + "\n").utf8).write(to: store.journal)

        // When the store starts, then it holds the journal's end state
        let posts = try await store.withStarted { integration in
            try await allPosts(of: User.ID("u1"), in: integration.postService)
        }
        #expect(posts.map(\.id.rawValue) == ["p2"])
    }

    @Test("a partial last line (a save killed before it returned) is dropped; the lines before it count")
    func partialLastLine() async throws {
        let store = try StoreDirectory(prefix: "json-partial")
        try store.write(Self.snapshot)
        let text = #"{"posts":[\#(Self.post("p1", "kept"))]}"# + "\n" + #"{"posts":[{"author_id":"u1","crea"#
        try Data(text.utf8).write(to: store.journal)

        let posts = try await store.withStarted { integration in
            try await allPosts(of: User.ID("u1"), in: integration.postService)
        }
        #expect(posts.map(\.id.rawValue) == ["p1"])
    }

    @Test(
        "a complete line that is not a save is refused as corrupt data naming the line, and both files are left as they were",
        arguments: [
            ("not JSON", #"{"posts": oops}"#, "line 2"),
            ("an invalid post", #"{"posts":[\#(post("p2", ""))]}"#, "line 2 at posts[0]"),
        ])
    func badLine(name: String, line: String, place: String) async throws {
        // Given a journal whose second line is bad
        let store = try StoreDirectory(prefix: "json-bad-journal")
        try store.write(Self.snapshot)
        try Data((#"{"posts":[\#(Self.post("p1", "fine"))]}"# + "\n" + line + "\n").utf8).write(to: store.journal)
        let before = try [store.file, store.journal].map { try Data(contentsOf: $0) }

        // When the store starts
        let integration = store.integration()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in try await integration.start() }

        // Then the error names the journal and the line, says what to do, and nothing was changed
        guard case .corruptData(let location, let reason) = error else { return }
        #expect(location.hasPrefix(store.journal.path) && location.contains(place), "\(name): \(location)")
        #expect(reason.contains("left unchanged"), "\(name): \(reason)")
        #expect(try [store.file, store.journal].map { try Data(contentsOf: $0) } == before)
        let entries = try FileManager.default.contentsOfDirectory(atPath: store.url.path).sorted()
        #expect(entries == ["store.journal", "store.json", "store.json.lock"])
        await integration.stop()
    }
}

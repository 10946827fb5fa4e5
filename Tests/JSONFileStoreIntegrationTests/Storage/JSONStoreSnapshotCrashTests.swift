import Foundation
import IntegrationSupport
import JSONFileStoreIntegration
import Models
import Services
import TestSupport
import Testing

/// A save that writes `store.json` writes twice more besides (the journal line, then emptying the
/// journal): cut short between any two, it is whole or not there at all, and says which.
@Suite("JSON file store: a snapshot save cut short")
struct JSONStoreSnapshotCrashTests {
    @Test(
        "a save that writes store.json, cut short after its first or second write, is in the store exactly when it returned",
        arguments: [1, 2]
    )
    func cutShort(afterWrites passing: Int) async throws {
        // Given a store whose journal has outgrown store.json and 1 MiB, so the next save writes store.json
        let store = try StoreDirectory(prefix: "json-snapshot-crash")
        let crash = CrashSwitch()
        let integration = JSONFileStoreIntegration(
            configuration: .init(directory: store.url, crashSwitch: crash, syncsEverySave: false))
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "snapshotter", displayName: "S"))
        let last = try await integration.userService.create(UserDraft(handle: "last_author", displayName: "L"))
        let text = String(repeating: "😀", count: 500)
        // About 550 posts of 2 KB; a store whose journal never grows fails here, not in a spin.
        for _ in 0..<2_000 where try !Self.journalWantsSnapshot(store) {
            _ = try await integration.postService.publish(PostDraft(authorID: author.id, text: text))
        }
        try #require(try Self.journalWantsSnapshot(store), "2,000 posts of 2 KB left the journal under 1 MiB")

        // When the next save is cut short after `passing` of its writes
        crash.arm(passing: passing)
        let published: Bool
        do {
            _ = try await integration.postService.publish(PostDraft(authorID: last.id, text: "the last one"))
            published = true
        } catch {
            published = false
        }

        // Then the store shows the post exactly when the publish returned, and the files hold
        // exactly what the store shows
        #expect(try await Self.holdsPost(integration, by: last.id) == published, "published: \(published)")
        let inMemory = try await Self.postIDs(integration.postService, by: [author.id, last.id])
        await integration.stop()
        let onDisk = try await store.withStarted { try await Self.postIDs($0.postService, by: [author.id, last.id]) }
        #expect(onDisk == inMemory, "published: \(published); \(onDisk.count) posts on disk, \(inMemory.count) shown")
    }

    private static func postIDs(_ posts: some PostService, by authors: [User.ID]) async throws -> Set<Post.ID> {
        var ids = Set<Post.ID>()
        for author in authors { ids.formUnion(try await allPosts(of: author, in: posts).map(\.id)) }
        return ids
    }

    private static func holdsPost(_ integration: JSONFileStoreIntegration, by author: User.ID) async throws -> Bool {
        try await !integration.postService.feed(authorID: author, page: .first(1)).items.isEmpty
    }

    /// Whether the journal is larger than `store.json` and than 1 MiB: what makes a save write a snapshot.
    private static func journalWantsSnapshot(_ store: StoreDirectory) throws -> Bool {
        func size(_ name: String) throws -> Int {
            let path = store.url.appendingPathComponent(name).path
            guard FileManager.default.fileExists(atPath: path) else { return 0 }
            return try (FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        }
        let journal = try size("store.journal")
        return journal > max(1 << 20, try size("store.json"))
    }
}

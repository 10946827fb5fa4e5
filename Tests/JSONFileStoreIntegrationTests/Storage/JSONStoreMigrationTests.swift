import Foundation
import Models
import Services
import Testing

@Suite("JSON file store format migration")
struct JSONStoreMigrationTests {
    static let version1 = #"""
        {
          "format_version": 1,
          "library": [
            {"created_at": "2024-03-01T12:00:01.500Z", "duration_ms": 61000, "id": "v1", "owner_id": "u1",
             "playback_url": "https://cdn.example/v1.m3u8", "status": "ready", "title": "Ready one"},
            {"created_at": "2024-03-01T12:00:02Z", "id": "v2", "owner_id": "u1", "reason": "bad codec",
             "status": "failed", "title": "Failed one"}
          ],
          "posts": [{"author_id": "u1", "created_at": "2024-03-01T12:00:03Z", "id": "p1", "text": "Hello"}],
          "users": [{"created_at": "2024-03-01T12:00:00Z", "handle": "alice", "id": "u1", "name": "Alice"}]
        }
        """#

    @Test("a version 1 file loads in the current format, unchanged on disk until a save, which writes format 3")
    func version1To2() async throws {
        // Given a file in format 1
        let store = try StoreDirectory(prefix: "json-migrate")
        try store.write(Self.version1)
        let before = try Data(contentsOf: store.file)

        try await store.withStarted { integration in
            // When it is loaded, then every value reads back as format 2 (and 3) meant it
            let alice = try await integration.userService.user(handle: .init("alice"))
            #expect(alice.displayName == "Alice")
            let videos = try await integration.videoLibraryService.videos(ownerID: alice.id, page: .first(10)).items
            #expect(
                videos.map(\.status) == [
                    .failed(reason: "bad codec"), .ready(playbackURL: URL(string: "https://cdn.example/v1.m3u8")!),
                ])
            #expect(videos.last?.duration == .milliseconds(61_000))
            #expect(try await integration.postService.post(id: .init("p1")).text == "Hello")
            #expect(try Data(contentsOf: store.file) == before, "loading must not rewrite the file")

            // And the next change writes the file in format 3 (never a journal beside an older file)
            _ = try await integration.postService.publish(PostDraft(authorID: alice.id, text: "After the upgrade"))
        }
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: store.file)) as? [String: Any]
        #expect(object?["format_version"] as? Int == 3)
        let users = object?["users"] as? [[String: Any]]
        #expect(users?.first?["display_name"] as? String == "Alice" && users?.first?["name"] == nil)
        let status = (object?["library"] as? [[String: Any]])?.first?["status"] as? [String: Any]
        #expect(status?["state"] as? String == "ready")
    }
}

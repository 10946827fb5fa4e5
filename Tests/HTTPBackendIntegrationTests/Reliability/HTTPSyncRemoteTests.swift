import Foundation
import HTTPBackendIntegration
import Models
import Services
import Testing

/// The HTTP integration's `PostSyncRemote` against `silo-backend`: a command sent again under its
/// key is applied once; a publish whose id its author already holds and a delete of a post already
/// gone are done; the change feed starts with a snapshot and its long-poll answers when the
/// author's feed changes.
@Suite("HTTP sync remote")
struct HTTPSyncRemoteTests {
    @Test("a command sent twice under its key makes one post; a held id by its author and a gone post are done")
    func sendIsIdempotent() async throws {
        let scene = try await FaultScene.make()
        defer { Task { await scene.stop() } }
        let remote = scene.integration.syncRemote
        let post = Post(id: "device-made-1", authorID: scene.author.id, text: "from the outbox", createdAt: Date())
        let publish = OutboxCommand(id: 1, key: UUID().uuidString, operation: .publish(post))

        let first = try #require(try await remote.send(publish))
        let again = try #require(try await remote.send(publish))
        let underNewKey = try #require(
            try await remote.send(OutboxCommand(id: 2, key: UUID().uuidString, operation: .publish(post))))
        #expect(first.id == post.id && again == first && underNewKey == first)
        let feed = try await scene.integration.postsService.feed(authorID: scene.author.id, page: .first(100))
        #expect(feed.items.filter { $0.id == post.id }.count == 1)

        let delete = OutboxCommand(
            id: 3, key: UUID().uuidString, operation: .delete(postID: post.id, authorID: scene.author.id))
        #expect(try await remote.send(delete) == nil)
        #expect(try await remote.send(OutboxCommand(id: 4, key: UUID().uuidString, operation: delete.operation)) == nil)
        await #expect(throws: ServiceError.self) { try await scene.integration.postsService.post(id: post.id) }
    }

    @Test("the change feed starts with a snapshot, and a long-poll answers when the author publishes")
    func changeFeedLongPolls() async throws {
        let scene = try await FaultScene.make()
        defer { Task { await scene.stop() } }
        let remote = scene.integration.syncRemote
        let snapshot = try await remote.changes(authorID: scene.author.id, after: nil, wait: .zero)
        #expect(snapshot.isSnapshot && snapshot.changes == [.saved(scene.post)])

        // Held for up to 25 s: without the wake-up on a publish it returns empty and the check fails.
        let poll = Task {
            try await remote.changes(authorID: scene.author.id, after: snapshot.cursor, wait: .seconds(25))
        }
        let published = try await scene.integration.postsService.publish(
            PostDraft(authorID: scene.author.id, text: "while polling"))
        let batch = try await poll.value
        #expect(!batch.isSnapshot && batch.changes == [.saved(published)])

        try await scene.integration.postsService.delete(id: published.id, by: scene.author.id)
        let after = try await remote.changes(authorID: scene.author.id, after: batch.cursor, wait: .zero)
        #expect(after.changes == [.deleted(published.id)])
    }

    @Test("a forgotten cursor starts over with a snapshot; a wait over 25 s is refused naming it")
    func forgottenCursorAndBadWait() async throws {
        let scene = try await FaultScene.make()
        defer { Task { await scene.stop() } }
        let forgotten = try await scene.integration.syncRemote.changes(
            authorID: scene.author.id, after: "from-another-start.7", wait: .zero)
        #expect(forgotten.isSnapshot && forgotten.changes == [.saved(scene.post)])
        let tooLong = try await scene.backend.exchange("GET", "/v1/users/\(scene.author.id)/posts/changes?wait=26")
        #expect(tooLong.status == 422 && tooLong.body.contains(#""field":"wait""#), "\(tooLong)")
    }
}

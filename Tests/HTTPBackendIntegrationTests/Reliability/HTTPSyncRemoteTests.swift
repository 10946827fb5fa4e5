// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import HTTPBackendIntegration
import Models
import Services
import TestSupport
import Testing

/// The HTTP integration's `PostSyncRemote` against `silo-backend`: a command sent again under its
/// key is applied once; a publish whose id its author already holds and a delete of a post already
/// gone are done; the change feed starts with a snapshot and its long-poll answers when the
/// author's feed changes.
@Suite("HTTP sync remote")
struct HTTPSyncRemoteTests {
    @Test("a command sent twice under its key makes one post; a held id by its author and a gone post are done")
    func sendIsIdempotent() async throws {
        try await FaultScene.with { scene in
            let remote = scene.integration.syncRemote
            let post = Post(id: "device-made-1", authorID: scene.author.id, text: "from the outbox", createdAt: Date())
            let publish = OutboxCommand(id: 1, key: UUID().uuidString, operation: .publish(post))

            let first = try #require(try await remote.send(publish))
            try await scene.backend.resetCounts()
            let again = try #require(try await remote.send(publish))
            // The stored answer was replayed: no 409, so no look-up of whose the id is.
            let lookUp = "GET /v1/posts/\(post.id)"
            #expect(try await scene.backend.requests(lookUp) == 0)
            let underNewKey = try #require(
                try await remote.send(OutboxCommand(id: 2, key: UUID().uuidString, operation: .publish(post))))
            // A new key is a new request: the 409 for the id is followed by one look-up.
            #expect(try await scene.backend.requests(lookUp) == 1)
            #expect(first.id == post.id && again == first && underNewKey == first)
            let feed = try await scene.integration.postService.feed(authorID: scene.author.id, page: .first(100))
            #expect(feed.items.filter { $0.id == post.id }.count == 1)

            let delete = OutboxCommand(
                id: 3, key: UUID().uuidString, operation: .delete(postID: post.id, authorID: scene.author.id))
            #expect(try await remote.send(delete) == nil)
            #expect(
                try await remote.send(OutboxCommand(id: 4, key: UUID().uuidString, operation: delete.operation)) == nil)
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await scene.integration.postService.post(id: post.id)
            }
        }
    }

    @Test("a publish refused as taken whose look-up fails stays a failure to retry, not a refusal")
    func lostLookUpIsNotARefusal() async throws {
        try await FaultScene.with { scene in
            let remote = scene.integration.syncRemote
            let post = Post(id: "device-made-2", authorID: scene.author.id, text: "sent twice", createdAt: Date())
            _ = try await remote.send(OutboxCommand(id: 1, key: UUID().uuidString, operation: .publish(post)))
            try await scene.backend.inject(["method": "GET", "path": "/v1/posts/{post_id}", "status": 500])
            await #expect {
                try await remote.send(OutboxCommand(id: 2, key: UUID().uuidString, operation: .publish(post)))
            } throws: { error in
                (error as? ServiceError)?.kind == .unavailable
            }
        }
    }

    @Test(
        "a probe is one GET /v1/health; a failing health check is still an answer, a proxy or portal page or a 503 is not"
    )
    func probe() async throws {
        try await FaultScene.with { scene in
            let remote = scene.integration.syncRemote
            try await scene.backend.resetCounts()
            try await remote.probe()
            #expect(try await scene.backend.requests("GET /v1/health") == 1)
            // A backend whose health check fails still takes requests: sending now reaches it.
            try await scene.backend.inject(["method": "GET", "path": "/v1/health", "status": 500, "times": 1])
            try await remote.probe()
            // A proxy's page in front of the backend says nothing of it: no answer.
            try await scene.backend.inject([
                "method": "GET", "path": "/v1/health", "status": 500, "times": 1, "body": "<html>proxy error</html>",
                "content_type": "text/html",
            ])
            await #expect {
                try await remote.probe()
            } throws: { error in
                (error as? ServiceError)?.kind == .unavailable
            }
            // Nor does a captive portal's page with a 200.
            try await scene.backend.inject([
                "method": "GET", "path": "/v1/health", "times": 1, "body": "<html>sign in to this network</html>",
                "content_type": "text/html",
            ])
            await #expect {
                try await remote.probe()
            } throws: { error in
                (error as? ServiceError)?.kind == .corruptData
            }
            try await scene.backend.inject(
                ["method": "GET", "path": "/v1/health", "status": 503, "retry_after": 1, "times": 1])
            await #expect {
                try await remote.probe()
            } throws: { error in
                (error as? ServiceError)?.kind == .unavailable
            }
        }
    }

    @Test("the change feed starts with a snapshot, and a long-poll answers when the author publishes")
    func changeFeedLongPolls() async throws {
        try await FaultScene.with { scene in
            let remote = scene.integration.syncRemote
            let snapshot = try await remote.changes(authorID: scene.author.id, after: nil, wait: .zero)
            #expect(snapshot.isSnapshot && snapshot.changes == [.saved(scene.post)])

            // Held until the publish wakes it: the backend's clock is manual, so its 25 s never pass
            // here, and a long-poll the publish did not wake never answers (the hang guard fails it).
            let poll = Task {
                try await remote.changes(authorID: scene.author.id, after: snapshot.cursor, wait: .seconds(25))
            }
            try await scene.backend.waitForLongPolls(1)
            let published = try await scene.integration.postService.publish(
                PostDraft(authorID: scene.author.id, text: "while polling"))
            let batch = try await HangGuard.run("the long-poll's answer to a publish") { try await poll.value }
            #expect(!batch.isSnapshot && batch.changes == [.saved(published)])

            try await scene.integration.postService.delete(id: published.id, by: scene.author.id)
            let after = try await remote.changes(authorID: scene.author.id, after: batch.cursor, wait: .zero)
            #expect(after.changes == [.deleted(published.id)])
        }
    }

    @Test("a long-poll with nothing new answers empty once its wait has passed on the server's clock")
    func longPollTimesOut() async throws {
        try await FaultScene.with { scene in
            let remote = scene.integration.syncRemote
            let snapshot = try await remote.changes(authorID: scene.author.id, after: nil, wait: .zero)
            let poll = Task {
                try await remote.changes(authorID: scene.author.id, after: snapshot.cursor, wait: .seconds(25))
            }
            try await scene.backend.waitForLongPolls(1)
            try await scene.backend.advanceClock(by: .seconds(25))
            let batch = try await HangGuard.run("the long-poll's answer once 25 s passed") { try await poll.value }
            #expect(batch.changes.isEmpty && batch.cursor == snapshot.cursor && !batch.isSnapshot)
        }
    }

    @Test("a forgotten cursor starts over with a snapshot; a wait over 25 s is refused naming it")
    func forgottenCursorAndBadWait() async throws {
        try await FaultScene.with { scene in
            let forgotten = try await scene.integration.syncRemote.changes(
                authorID: scene.author.id, after: "from-another-start.7", wait: .zero)
            #expect(forgotten.isSnapshot && forgotten.changes == [.saved(scene.post)])
            let tooLong = try await scene.backend.exchange("GET", "/v1/users/\(scene.author.id)/posts/changes?wait=26")
            #expect(tooLong.status == 422 && tooLong.body.contains(#""field":"wait""#), "\(tooLong)")
        }
    }
}

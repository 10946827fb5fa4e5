import Models
import OfflineFirstIntegration
import ServiceContracts
import Services
import TestSupport
import Testing

/// A publish that reaches the server late never brings back a post deleted since: the delete
/// keeps a publish a sender already took, and is sent after it, so the server's idempotency key
/// answers the late copy without applying it again. A publish no sender could take (the server
/// was unreachable) is cancelled by the delete and never sent.
@Suite("Offline-first late publish")
struct OfflineFirstLatePublishTests {
    private typealias Fixtures = OfflineFirstContractFixtures

    @Test("a publish whose answer was lost and that reaches the server late does not bring back the deleted post")
    func lostAnswer() async throws {
        // Given a post whose publish left the device and lost its answer, still on its way
        let (parts, author) = try await Self.device(author: "late_one")
        let post = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "gone"))
        parts.remote.losesNextAnswer.withLock { $0 = true }
        let lost = await parts.integration.syncService.syncNow()
        #expect(lost.sent == 0 && lost.stoppedBecause != nil, "\(lost)")

        // When the user deletes it, the device syncs, and then the first publish arrives
        try await parts.integration.postService.delete(id: post.id, by: author.id)
        let sent = await parts.integration.syncService.syncNow()
        try await parts.remote.deliverLateCommands()
        let after = await parts.integration.syncService.syncNow()

        // Then the post is gone on the server and stays gone on the device
        #expect(sent.isClean && after.isClean, "\(sent) \(after)")
        try await Self.expectGone(post, parts)
        await parts.integration.stop()
    }

    @Test("a post published and deleted while the server cannot be reached never reaches it")
    func offlinePublishAndDelete() async throws {
        // Given a device whose sender tried, and failed, to reach the server after a publish
        let (parts, author) = try await Self.device(author: "offline_one")
        parts.remote.failure.withLock { $0 = ServiceBackedRemote.unreachable }
        let post = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "never"))
        let offline = await parts.integration.syncService.syncNow()
        #expect(offline.stoppedBecause != nil, "\(offline)")

        // When the post is deleted, and the server is back
        try await parts.integration.postService.delete(id: post.id, by: author.id)
        parts.remote.failure.withLock { $0 = nil }
        let online = await parts.integration.syncService.syncNow()

        // Then only the delete was sent: the publish was never taken, so the delete cancelled it
        #expect(online.isClean, "\(online)")
        #expect(parts.remote.sendAttempts.current == 1)
        try await Self.expectGone(post, parts)
        await parts.integration.stop()
    }

    @Test("once the server stops answering, nothing more is taken: a post published and deleted then never reaches it")
    func serverGoesAway() async throws {
        // Given a device that synced, then lost the server while sending one post (taken: it may
        // have arrived) and then tried to sync a second one
        let (parts, author) = try await Self.device(author: "went_away")
        let first = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "first"))
        #expect(await parts.integration.syncService.syncNow().isClean)
        parts.remote.failure.withLock { $0 = ServiceBackedRemote.unreachable }
        let kept = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "kept"))
        _ = await parts.integration.syncService.syncNow()
        let deleted = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "deleted"))
        _ = await parts.integration.syncService.syncNow()

        // When the second is deleted, and the server is back
        try await parts.integration.postService.delete(id: deleted.id, by: author.id)
        parts.remote.failure.withLock { $0 = nil }
        #expect(await parts.integration.syncService.syncNow().isClean)

        // Then the first arrived, and the second's publish was never sent
        #expect(try await parts.server.postService.post(id: kept.id) == kept)
        #expect(parts.remote.publishesTried.current == [first.id, kept.id, kept.id])
        try await Self.expectGone(deleted, parts)
        await parts.integration.stop()
    }

    @Test("two processes on one store: a delete made while the other's publish is on its way is sent after it")
    func twoSenders() async throws {
        // Given two app processes on one device store, the first sending a publish the server holds
        let clock = ContractClock(mode: .ticking)
        let first = try await Fixtures.make(clock: clock)
        let second = try await Fixtures.make(clock: clock, alongside: first)
        let author = try await first.integration.userService.create(UserDraft(handle: "two_senders", displayName: "T"))
        let post = try await first.integration.postService.publish(PostDraft(authorID: author.id, text: "gone"))
        first.remote.holdsNextSend.withLock { $0 = true }
        let sending = Task { await first.integration.syncService.syncNow() }
        _ = try await HangGuard.run("the publish to be held") { try await first.remote.heldSends.wait { $0 == 1 } }

        // When the second deletes the post and syncs, and then the held publish arrives
        try await second.integration.postService.delete(id: post.id, by: author.id)
        let deleted = await second.integration.syncService.syncNow()
        first.remote.releaseHeldSend()
        let held = await sending.value
        let after = await first.integration.syncService.syncNow()

        // Then the post is gone on the server and from the store both read
        #expect(deleted.isClean && held.isClean && after.isClean, "\(deleted) \(held) \(after)")
        try await Self.expectGone(post, first)
        await second.integration.stop()
        await first.integration.stop()
    }

    /// A device syncing on demand only, and an author made on its server.
    private static func device(author handle: String) async throws -> (Fixtures.Parts, User) {
        let parts = try await Fixtures.make(clock: ContractClock(mode: .ticking))
        return (parts, try await parts.integration.userService.create(UserDraft(handle: handle, displayName: "A")))
    }

    private static func expectGone(_ post: Post, _ parts: Fixtures.Parts) async throws {
        await expectServiceError(.notFound) { () throws(ServiceError) in
            try await parts.server.postService.post(id: post.id)
        }
        await expectServiceError(.notFound) { () throws(ServiceError) in
            try await parts.integration.postService.post(id: post.id)
        }
        #expect(await parts.integration.syncService.status().pendingCount == 0)
    }
}

import Models
import OfflineFirstIntegration
import ServiceContracts
import Services
import TestSupport
import Testing

/// Sync between devices and a stand-in server: what is written offline arrives once the server is
/// back, keeps its id, and reaches a second device; a refused publish stays, marked failed; 401
/// pauses and `Retry-After` holds the sender; in the background, a post reaches another device
/// with no call to sync.
@Suite("Offline-first sync")
struct OfflineFirstSyncTests {
    private typealias Fixtures = OfflineFirstContractFixtures

    @Test("a post written offline keeps its id, reaches the server when it is back, and then a second device")
    func offlinePostArrives() async throws {
        let clock = ContractClock(mode: .ticking)
        let parts = try await Fixtures.make(clock: clock, connection: .offline)
        let author = try await parts.integration.userService.create(
            UserDraft(handle: "offline_author", displayName: "A"))
        let post = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "offline"))
        let offline = await parts.integration.syncService.syncNow()
        #expect(offline.stoppedBecause != nil)
        #expect(await parts.integration.syncService.status().pendingPosts == [post.id])
        await #expect(throws: ServiceError.self) { try await parts.server.postService.post(id: post.id) }

        parts.remote.failure.withLock { $0 = nil }
        let online = await parts.integration.syncService.syncNow()
        #expect(online.sent == 1 && online.isClean)
        #expect(try await parts.server.postService.post(id: post.id).text == "offline")
        #expect(await parts.integration.syncService.status().pendingCount == 0)

        let other = try await Fixtures.make(clock: clock, server: parts.server)
        _ = try await other.integration.authenticationService.signIn(handle: author.handle, password: nil)
        let received = await other.integration.syncService.syncNow()
        #expect(received.received == 1 && received.isClean)
        let feed = try await other.integration.postService.feed(authorID: author.id, page: .first(10))
        #expect(feed.items.map(\.id) == [post.id])
        await other.integration.stop()
        await parts.integration.stop()
    }

    @Test("a change-feed read made before a publish was answered, and delivered after, is read again: the post stays")
    func staleReadIsReadAgain() async throws {
        // Given an author the device follows, and a sync whose change-feed read took its snapshot
        // and is held
        let parts = try await Fixtures.make(clock: ContractClock(mode: .ticking))
        let integration = parts.integration
        let author = try await integration.userService.create(UserDraft(handle: "stale_reader", displayName: "S"))
        let first = try await integration.postService.publish(PostDraft(authorID: author.id, text: "first"))
        #expect(await integration.syncService.syncNow().sent == 1)
        parts.remote.holdsNextRead.withLock { $0 = true }
        let heldSync = Task { await integration.syncService.syncNow() }
        defer { heldSync.cancel() }  // a guarded wait that fails leaves no call behind
        _ = try await HangGuard.run("the read to be held") { try await parts.remote.heldReads.wait { $0 == 1 } }

        // When a second post is published and answered meanwhile, and then the old read arrives
        let second = try await integration.postService.publish(PostDraft(authorID: author.id, text: "second"))
        #expect(await integration.syncService.syncNow().sent == 1)
        parts.remote.releaseHeldRead()
        _ = try await HangGuard.run("the held sync's end") { await heldSync.value }

        // Then the device still lists the answered post: the stale snapshot was read again, not applied
        let feed = try await integration.postService.feed(authorID: author.id, page: .first(10))
        #expect(feed.items.map(\.id) == [second.id, first.id])
        await integration.stop()
    }

    @Test("while the server cannot be reached, health is degraded and says how much waits; then healthy again")
    func healthWhileOffline() async throws {
        let parts = try await Fixtures.make(clock: ContractClock(mode: .ticking), connection: .offline)
        let author = try await parts.integration.userService.create(
            UserDraft(handle: "health_author", displayName: "A"))
        _ = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "waiting"))
        _ = await parts.integration.syncService.syncNow()
        let offline = await parts.integration.health()
        #expect(
            "\(offline)".contains("working offline") && "\(offline)".contains("1 change(s) wait to be sent"),
            "\(offline)")
        parts.remote.failure.withLock { $0 = nil }
        _ = await parts.integration.syncService.syncNow()
        #expect(await parts.integration.health() == .healthy)
        await parts.integration.stop()
    }

    @Test("a publish the server refuses stays on the device, marked failed with the reason, and is not sent again")
    func refusedPublishIsKept() async throws {
        let parts = try await Fixtures.make(clock: ContractClock(mode: .ticking))
        let (_, post) = try await publishUnderTakenID(parts, handle: "refused_author")
        let report = await parts.integration.syncService.syncNow()
        #expect(report.refused.count == 1)
        let status = await parts.integration.syncService.status()
        #expect(status.failedPosts[post.id] != nil)
        #expect(try await parts.integration.postService.post(id: post.id).text == "mine")
        let again = await parts.integration.syncService.syncNow()
        #expect(again.sent == 0 && again.refused.isEmpty)
        #expect(parts.remote.sent.current == 1)
        await parts.integration.stop()
    }

    @Test("deleting a post whose publish was refused is done when the server says the id is another's")
    func deleteAfterRefusal() async throws {
        let parts = try await Fixtures.make(clock: ContractClock(mode: .ticking))
        let (author, post) = try await publishUnderTakenID(parts, handle: "refused_deleter")
        #expect(await parts.integration.syncService.syncNow().refused.count == 1)
        try await parts.integration.postService.delete(id: post.id, by: author.id)
        let report = await parts.integration.syncService.syncNow()
        let status = await parts.integration.syncService.status()
        #expect(report.isClean, "\(report)")
        #expect(status.pendingCount == 0 && status.failedPosts.isEmpty, "\(status)")
        #expect(try await parts.server.postService.post(id: post.id).text == "theirs")
        await parts.integration.stop()
    }

    @Test("a 401 stops the sync, pauses the background sender and keeps the outbox; once accepted, it is sent")
    func unauthorizedPauses() async throws {
        let parts = try await Fixtures.make(clock: ContractClock(mode: .ticking))
        let author = try await parts.integration.userService.create(
            UserDraft(handle: "paused_author", displayName: "A"))
        parts.remote.failure.withLock { $0 = .unauthorized(reason: "the session ended") }
        _ = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "waits"))
        let paused = await parts.integration.syncService.syncNow()
        let status = await parts.integration.syncService.status()
        #expect(paused.sent == 0 && paused.stoppedBecause != nil)
        #expect(status.isPausedForSignIn && status.pendingCount == 1)

        parts.remote.failure.withLock { $0 = nil }
        _ = try await parts.integration.authenticationService.signIn(handle: author.handle, password: nil)
        let resumed = await parts.integration.syncService.syncNow()
        #expect(resumed.sent == 1)
        #expect(await parts.integration.syncService.status().isPausedForSignIn == false)
        await parts.integration.stop()
    }

    @Test("in the background, a 401 pauses sync (seen by a status observer) and signing in again resumes it")
    func signInResumesBackgroundSync() async throws {
        // Retries wait on a clock no one moves: only an event can make the sender try again.
        let parts = try await Fixtures.make(
            clock: ContractClock(mode: .ticking), inBackground: true, syncClock: ManualClock())
        let author = try await parts.integration.userService.create(
            UserDraft(handle: "resumed_author", displayName: "A"))
        let status = ObservationProbe(parts.integration.syncService.observeStatus())
        defer { status.cancel() }
        parts.remote.failure.withLock { $0 = .unauthorized(reason: "the session ended") }
        _ = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "waits"))
        _ = try await status.values(until: { $0.isPausedForSignIn && $0.pendingCount == 1 }, "a paused sync")

        // Nothing else changes on the server: only the sign-in can wake the paused sender.
        parts.remote.failure.withLock { $0 = nil }
        _ = try await parts.integration.authenticationService.signIn(handle: author.handle, password: nil)
        _ = try await status.values(
            until: { !$0.isPausedForSignIn && $0.pendingCount == 0 && $0.sentSinceStart == 1 }, "the resumed send")
        #expect(parts.remote.sent.current == 1)
        await parts.integration.stop()
    }

    @Test("after a 503 with Retry-After nothing is sent until that time has passed on the sync clock")
    func retryAfterHoldsTheSender() async throws {
        let syncClock = ManualClock()
        let parts = try await Fixtures.make(clock: ContractClock(mode: .ticking), syncClock: syncClock)
        let author = try await parts.integration.userService.create(
            UserDraft(handle: "waiting_author", displayName: "A"))
        parts.remote.failure.withLock { $0 = .unavailable(reason: "busy", retryAfter: .seconds(120)) }
        _ = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "later"))
        _ = await parts.integration.syncService.syncNow()
        parts.remote.failure.withLock { $0 = nil }

        let early = await parts.integration.syncService.syncNow()
        #expect(early.sent == 0 && early.stoppedBecause != nil, "sent before Retry-After ended")
        syncClock.advance(by: .seconds(120))
        let late = await parts.integration.syncService.syncNow()
        #expect(late.sent == 1)
        await parts.integration.stop()
    }

    @Test("in the background, a post on one device reaches another device's observer without a call to sync")
    func backgroundSyncDelivers() async throws {
        let clock = ContractClock(mode: .ticking)
        let first = try await Fixtures.make(clock: clock, inBackground: true)
        let author = try await first.integration.userService.create(UserDraft(handle: "live_author", displayName: "A"))
        let second = try await Fixtures.make(clock: clock, server: first.server, inBackground: true)
        _ = try await second.integration.authenticationService.signIn(handle: author.handle, password: nil)
        let probe = ObservationProbe(second.integration.postService.observeFeed(authorID: author.id, pageSize: 10))
        defer { probe.cancel() }

        let post = try await first.integration.postService.publish(PostDraft(authorID: author.id, text: "live"))
        _ = try await probe.values(until: { $0.items.map(\.id) == [post.id] }, "the post on the second device")
        await second.integration.stop()
        await first.integration.stop()
    }

    /// A device's post under an id the server holds for another author: its publish is refused as
    /// a conflict. Returns the device's author and post.
    private func publishUnderTakenID(_ parts: Fixtures.Parts, handle: String) async throws -> (User, Post) {
        let author = try await parts.integration.userService.create(
            UserDraft(handle: handle, displayName: "A"))
        let other = try await parts.server.userService.create(
            UserDraft(handle: handle + "_holder", displayName: "B"))
        let clash = try await parts.server.postService.publish(PostDraft(authorID: other.id, text: "theirs"))
        let post = try await parts.integration.postService.publish(
            PostDraft(authorID: author.id, text: "mine", id: clash.id))
        return (author, post)
    }
}

import Models
import OfflineFirstIntegration
import ServiceContracts
import Services
import TestSupport
import Testing

/// The sync comes back from what stops it, and stops no more than it must: a passed `Retry-After`
/// leaves the retry interval in charge, a sign-in lifts the pause for sign-in, one author's 401
/// holds back only that author's commands, and an author the server does not know stops nothing.
@Suite("Offline-first sync recovery")
struct OfflineFirstSyncRecoveryTests {
    private typealias Fixtures = OfflineFirstContractFixtures

    @Test("once a Retry-After has passed, a failure without one waits the retry interval: the sender does not spin")
    func retryAfterEnds() async throws {
        // Given a background sender held by a 503 with Retry-After: 10 s, and a reader waiting its 5 s
        let (parts, syncClock) = try await Self.inBackground()
        let author = try await parts.integration.userService.create(UserDraft(handle: "held_sender", displayName: "H"))
        parts.remote.failure.withLock { $0 = .unavailable(reason: "busy", retryAfter: .seconds(10)) }
        _ = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "later"))
        try await syncClock.waitForSleeperCount { $0 == 2 }

        // When the wait ends and the server cannot be reached at all (no Retry-After)
        parts.remote.failure.withLock { $0 = ServiceBackedRemote.unreachable }
        let callsBefore = Self.senderCalls(parts.remote)
        syncClock.advance(by: .seconds(10))

        // Then the sender calls once (a send, or a probe when the reader met the failure first)
        // and parks on the clock again, beside the reader
        try await syncClock.waitForSleeperCount { $0 == 2 }
        #expect(Self.senderCalls(parts.remote) == callsBefore + 1)
        await parts.integration.stop()
    }

    @Test("a Retry-After of 0 still parks the sender on its clock, for a second: it does not call again at once")
    func retryAfterZero() async throws {
        // Given a background sender whose server answers 503 with Retry-After: 0
        let (parts, syncClock) = try await Self.inBackground()
        let author = try await parts.integration.userService.create(UserDraft(handle: "zero_wait", displayName: "Z"))
        parts.remote.failure.withLock { $0 = .unavailable(reason: "busy", retryAfter: .zero) }

        // When it has something to send
        _ = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "soon"))

        // Then it parks on the clock for a second (before, it would call again and again)
        _ = try await HangGuard.run("the sender to park") { try await syncClock.waitForSleeper(dueWithin: .seconds(1)) }
        await parts.integration.stop()
    }

    @Test("signing in lifts the pause for sign-in even when the server is then unreachable: the timer retries")
    func signInLiftsThePause() async throws {
        // Given a background sync paused by a 401, and a reader waiting its 5 s
        let (parts, syncClock) = try await Self.inBackground()
        let author = try await parts.integration.userService.create(UserDraft(handle: "lifted", displayName: "L"))
        let status = ObservationProbe(parts.integration.syncService.observeStatus())
        defer { status.cancel() }
        parts.remote.failure.withLock { $0 = .unauthorized(reason: "the session ended") }
        _ = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "waits"))
        _ = try await status.values(until: { $0.isPausedForSignIn && $0.pendingCount == 1 }, "a paused sync")
        try await syncClock.waitForSleeperCount { $0 == 1 }

        // When someone signs in while the server cannot be reached
        parts.remote.failure.withLock { $0 = ServiceBackedRemote.unreachable }
        _ = try await parts.integration.authenticationService.signIn(handle: author.handle, password: nil)

        // Then the pause is over, and the sender waits on the retry timer, not for another sign-in
        _ = try await status.values(until: { !$0.isPausedForSignIn }, "the pause lifted")
        try await syncClock.waitForSleeperCount { $0 == 2 }
        #expect(await parts.integration.syncService.status().isPausedForSignIn == false)
        await parts.integration.stop()
    }

    @Test("a 401 for one author holds back that author's commands only: another author's are sent")
    func unauthorizedHoldsOneAuthor() async throws {
        // Given two authors' posts waiting, the first author's session refused by the server
        let parts = try await Fixtures.make(clock: ContractClock(mode: .ticking), connection: .offline)
        let refused = try await parts.integration.userService.create(UserDraft(handle: "refused_one", displayName: "R"))
        let accepted = try await parts.integration.userService.create(
            UserDraft(handle: "accepted_one", displayName: "A"))
        _ = try await parts.integration.postService.publish(PostDraft(authorID: refused.id, text: "held"))
        let post = try await parts.integration.postService.publish(PostDraft(authorID: accepted.id, text: "sent"))
        parts.remote.refusesAuthors.withLock { $0 = [refused.id: .unauthorized(reason: "the session ended")] }
        parts.remote.failure.withLock { $0 = nil }

        // When the device syncs
        let report = await parts.integration.syncService.syncNow()

        // Then the second author's post reached the server; the first's waits, paused for sign-in
        let status = await parts.integration.syncService.status()
        #expect(report.sent == 1, "\(report)")
        #expect(try await parts.server.postService.post(id: post.id).text == "sent")
        #expect(status.isPausedForSignIn && status.pendingCount == 1, "\(status)")
        await parts.integration.stop()
    }

    @Test("a 401 for one author and an unreachable server for another: the sender retries on its timer")
    func unauthorizedBesideUnreachable() async throws {
        // Given, in the background, one author's session refused and the server unreachable for another's
        let (parts, syncClock) = try await Self.inBackground()
        let refused = try await parts.integration.userService.create(UserDraft(handle: "refused_two", displayName: "R"))
        let waiting = try await parts.integration.userService.create(UserDraft(handle: "waiting_two", displayName: "W"))
        parts.remote.refusesAuthors.withLock {
            $0 = [refused.id: .unauthorized(reason: "the session ended"), waiting.id: ServiceBackedRemote.unreachable]
        }
        let status = ObservationProbe(parts.integration.syncService.observeStatus())
        defer { status.cancel() }

        // When both publish
        _ = try await parts.integration.postService.publish(PostDraft(authorID: refused.id, text: "held"))
        _ = try await parts.integration.postService.publish(PostDraft(authorID: waiting.id, text: "retried"))
        _ = try await status.values(until: { $0.isPausedForSignIn && $0.pendingCount == 2 }, "a paused sync")

        // Then the sender parks on its retry timer, not on a sign-in only
        try await syncClock.waitForSleeper(dueWithin: .seconds(5))
        await parts.integration.stop()
    }

    @Test("reading the feed of an author the server does not know stops no sync: later authors are still read")
    func unknownAuthorStopsNothing() async throws {
        // Given a device that read the feed of an id nobody has, which sorts before its author's
        let parts = try await Fixtures.make(clock: ContractClock(mode: .ticking))
        let author = try await parts.integration.userService.create(UserDraft(handle: "known_author", displayName: "K"))
        _ = try await parts.integration.authenticationService.signIn(handle: author.handle, password: nil)
        let ghost = User.ID(rawValue: "0-nobody")
        #expect(ghost.rawValue < author.id.rawValue)
        #expect(try await parts.integration.postService.feed(authorID: ghost, page: .first(10)).items.isEmpty)

        // When another device publishes for the author, and this one syncs twice
        let post = try await parts.server.postService.publish(PostDraft(authorID: author.id, text: "elsewhere"))
        let first = await parts.integration.syncService.syncNow()
        let second = await parts.integration.syncService.syncNow()

        // Then both syncs are clean, and the author's post arrived
        #expect(first.isClean && second.isClean, "\(first) \(second)")
        #expect(try await parts.integration.postService.post(id: post.id).text == "elsewhere")
        await parts.integration.stop()
    }

    /// The calls the sender made: sends attempted, and probes of whether the server answers.
    private static func senderCalls(_ remote: ServiceBackedRemote) -> Int {
        remote.sendAttempts.current + remote.probes.current
    }

    /// A device syncing in the background, its retries timed on a clock only the test moves.
    private static func inBackground() async throws -> (Fixtures.Parts, ManualClock) {
        let syncClock = ManualClock()
        let parts = try await Fixtures.make(
            clock: ContractClock(mode: .ticking), inBackground: true, syncClock: syncClock)
        return (parts, syncClock)
    }
}

import Models
import OfflineFirstIntegration
import ServiceContracts
import Services
import TestSupport
import Testing

/// A whole listing of an author's feed is read and applied between sends. A publish on its way
/// during one would be a post it lacks; its answer would then make another whole listing due
/// (the post may have been deleted on the server since it arrived), and, while an outbox drains,
/// one after every answer.
@Suite("Offline-first whole reads")
struct OfflineFirstWholeReadTests {
    private typealias Fixtures = OfflineFirstContractFixtures

    @Test("a publish made while a whole listing is read waits for it, so it makes no second listing due")
    func wholeReadBetweenSends() async throws {
        // Given a device syncing in the background whose first, whole, read of an author is held
        let clock = ContractClock(mode: .ticking)
        let setUp = try await Fixtures.make(clock: clock)
        let author = try await setUp.integration.userService.create(UserDraft(handle: "between", displayName: "B"))
        let remote = setUp.remote
        remote.holdsNextRead.withLock { $0 = true }
        let device = try await Fixtures.make(clock: clock, alongside: setUp, inBackground: true)
        let status = ObservationProbe(device.integration.syncService.observeStatus())
        defer { status.cancel() }
        _ = try await device.integration.postService.feed(authorID: author.id, page: .first(10))
        _ = try await HangGuard.run("the whole read to be held") { try await remote.heldReads.wait { $0 == 1 } }

        // When the author publishes (its send held at the server too), and both are let go
        remote.holdsNextSend.withLock { $0 = true }
        let post = try await device.integration.postService.publish(PostDraft(authorID: author.id, text: "between"))
        remote.releaseHeldRead()
        _ = try await HangGuard.run("the publish to be held") { try await remote.heldSends.wait { $0 == 1 } }
        remote.releaseHeldSend()
        _ = try await status.values(until: { $0.sentSinceStart == 1 && $0.pendingCount == 0 }, "the publish answered")
        _ = try await HangGuard.run("the reader parked with the post") {
            try await remote.parks.wait { $0.last?.contains(post.id) == true }
        }

        // Then the publish waited for the listing, which had no post to lack: no other is due
        #expect(remote.wholeReads.current == 1)
        #expect(await device.device.replica.cursor(authorID: author.id) != nil, "a second whole listing is due")
        await device.integration.stop()
        await setUp.integration.stop()
    }

    @Test("a listing due after an answer is read at once, not when the parked reader's long-poll returns")
    func dueListingReadAtOnce() async throws {
        // Given a post whose publish reached the server late, was then deleted there, and is still shown
        let scene = try await LateDeletedPost.make(handle: "due_listing")
        let (device, remote) = (scene.device, scene.setUp.remote)
        #expect(try await device.integration.postService.post(id: scene.late.id) == scene.late)

        // When the sender's retry gets the answer its key kept
        let feed = ObservationProbe(device.integration.postService.observeFeed(authorID: scene.author.id, pageSize: 10))
        defer { feed.cancel() }
        scene.syncClock.advance(by: .seconds(5))

        // Then the post leaves the device while the reader is still parked
        _ = try await feed.values(until: { $0.items.isEmpty }, "the post gone from the device")
        #expect(remote.parks.current.count == 3, "the reader read again")
        #expect(remote.wholeReads.current == 2, "the first read and the one the answer made due")
        await scene.stop()
    }

    @Test("a Retry-After on the listing an answer made due ends the send, and the listing stays due")
    func dueListingRetryAfter() async throws {
        // Given a late post deleted on the server while its resend waits, and a publish queued behind it
        let scene = try await LateDeletedPost.make(handle: "retry_after")
        let (device, remote, author, late) = (scene.device, scene.setUp.remote, scene.author, scene.late)
        let next = try await device.integration.postService.publish(PostDraft(authorID: author.id, text: "next"))

        // When the resend is answered and the whole listing it made due meets a Retry-After
        remote.failsNextWholeRead.withLock {
            $0 = .unavailable(reason: "the test server is busy", retryAfter: .seconds(30))
        }
        scene.syncClock.advance(by: .seconds(5))
        try await scene.syncClock.waitForSleeper(dueWithin: .seconds(30))

        // Then nothing more is sent until the wait ends, and the listing is still due
        #expect(remote.wholeReads.current == 2, "the first read and the refused one")
        #expect(remote.publishesTried.current == [late.id, late.id], "the send went on after the Retry-After")
        #expect(await device.device.replica.cursor(authorID: author.id) == nil, "the refused listing is no longer due")
        #expect(try await device.integration.postService.post(id: late.id).id == late.id)

        // And the sender still waits a second before the end of the Retry-After (its own retry
        // interval, 5 s, would have sent by now)
        scene.syncClock.advance(by: .seconds(29))
        try await scene.syncClock.waitForSleeper(dueWithin: .seconds(1))
        #expect(remote.publishesTried.current == [late.id, late.id], "sent before the Retry-After ended")

        // And when the wait ends, the next publish goes and the listing settles the late post
        let feed = ObservationProbe(device.integration.postService.observeFeed(authorID: author.id, pageSize: 10))
        defer { feed.cancel() }
        scene.syncClock.advance(by: .seconds(1))
        _ = try await feed.values(until: { $0.items.map(\.id) == [next.id] }, "the late post gone, the next one kept")
        await scene.stop()
    }

    /// A device syncing in the background on a manual clock, whose post `late` reached the server
    /// late (its answer lost), was then deleted there, and is still shown: the reader's listing
    /// lacked it while its resend waited. The sender sleeps until its retry, 5 s on; the reader
    /// is parked, its third read.
    private struct LateDeletedPost {
        let setUp: Fixtures.Parts
        let device: Fixtures.Parts
        let syncClock: ManualClock
        let author: User
        let late: Post

        static func make(handle: String) async throws -> LateDeletedPost {
            let clock = ContractClock(mode: .ticking)
            let syncClock = ManualClock()
            let setUp = try await Fixtures.make(clock: clock)
            let author = try await setUp.integration.userService.create(UserDraft(handle: handle, displayName: "L"))
            let remote = setUp.remote
            let device = try await Fixtures.make(
                clock: clock, alongside: setUp, inBackground: true, syncClock: syncClock)
            _ = try await device.integration.postService.feed(authorID: author.id, page: .first(10))
            _ = try await HangGuard.run("the reader parked") { try await remote.parks.wait { $0.count == 1 } }
            remote.losesNextAnswer.withLock { $0 = true }
            let late = try await device.integration.postService.publish(PostDraft(authorID: author.id, text: "late"))
            try await syncClock.waitForSleepers(1)
            try await remote.deliverLateCommands()
            _ = try await HangGuard.run("the reader parked with the post") {
                try await remote.parks.wait { $0.last == [late.id] }
            }
            try await setUp.server.postService.delete(id: late.id, by: author.id)
            _ = try await HangGuard.run("the reader parked without it") {
                try await remote.parks.wait { $0.count == 3 }
            }
            return LateDeletedPost(setUp: setUp, device: device, syncClock: syncClock, author: author, late: late)
        }

        func stop() async {
            await device.integration.stop()
            await setUp.integration.stop()
        }
    }
}

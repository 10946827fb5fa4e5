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
            try await remote.parkedWith.wait { $0.contains(post.id) }
        }

        // Then the publish waited for the listing, which had no post to lack: no other is due
        #expect(remote.wholeReads.current == 1)
        #expect(await device.device.replica.cursor(authorID: author.id) != nil, "a second whole listing is due")
        await device.integration.stop()
        await setUp.integration.stop()
    }
}

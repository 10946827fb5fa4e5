import Models
import OfflineFirstIntegration
import ServiceContracts
import Services
import Testing

/// Sync between a device and a stand-in server: what is written offline arrives once the server
/// is back, keeps its id, and reaches a second device; a refused publish stays, marked failed.
@Suite("Offline-first sync")
struct OfflineFirstSyncTests {
    @Test("a post written offline keeps its id, reaches the server when it is back, and then a second device")
    func offlinePostArrives() async throws {
        let clock = ContractClock(mode: .ticking)
        let parts = try await OfflineFirstContractFixtures.make(clock: clock, isOnline: false)
        let author = try await parts.integration.userService.create(
            UserDraft(handle: "offline_author", displayName: "A"))
        let post = try await parts.integration.postService.publish(PostDraft(authorID: author.id, text: "offline"))
        let offline = await parts.integration.syncService.syncNow()
        #expect(offline.stoppedBecause != nil)
        #expect(await parts.integration.syncService.status().pendingPosts == [post.id])
        await expectNotOnServer(post.id, parts)

        parts.remote.isReachable.withLock { $0 = true }
        let online = await parts.integration.syncService.syncNow()
        #expect(online.sent == 1 && online.isClean)
        #expect(try await parts.server.postService.post(id: post.id).text == "offline")
        #expect(await parts.integration.syncService.status().pendingCount == 0)

        let other = try await OfflineFirstContractFixtures.make(clock: clock, server: parts.server)
        #expect(
            try await other.integration.postService.feed(authorID: author.id, page: .first(10)).items.map(\.id) == [
                post.id
            ])
        await other.integration.stop()
        await parts.integration.stop()
    }

    @Test("a publish the server refuses stays on the device, marked failed with the reason, and is not sent again")
    func refusedPublishIsKept() async throws {
        let parts = try await OfflineFirstContractFixtures.make(clock: ContractClock(mode: .ticking))
        let author = try await parts.integration.userService.create(
            UserDraft(handle: "refused_author", displayName: "A"))
        // A post under an id the server holds for someone else is refused as a conflict.
        let other = try await parts.server.userService.create(UserDraft(handle: "other_author", displayName: "B"))
        let clash = try await parts.server.postService.publish(PostDraft(authorID: other.id, text: "theirs"))
        let post = try await parts.integration.postService.publish(
            PostDraft(authorID: author.id, text: "mine", id: clash.id))
        let report = await parts.integration.syncService.syncNow()
        #expect(report.refused.count == 1)
        let status = await parts.integration.syncService.status()
        #expect(status.failedPosts[post.id] != nil)
        #expect(try await parts.integration.postService.post(id: post.id).text == "mine")
        let again = await parts.integration.syncService.syncNow()
        #expect(again.sent == 0 && again.refused.isEmpty)
        await parts.integration.stop()
    }

    private func expectNotOnServer(_ id: Post.ID, _ parts: OfflineFirstContractFixtures.Parts) async {
        await #expect(throws: ServiceError.self) { try await parts.server.postService.post(id: id) }
    }
}

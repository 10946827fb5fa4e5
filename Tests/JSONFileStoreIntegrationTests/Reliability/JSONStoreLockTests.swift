import Foundation
import JSONFileStoreIntegration
import Models
import ServiceContracts
import Services
import TestSupport
import Testing

@Suite("JSON file store lock", .serialized)
struct JSONStoreLockTests {
    @Test("a second process is refused with the lock error while the first runs, and works once it exits")
    func secondProcessRefused() async throws {
        // Given a writer process holding the store
        let store = try StoreDirectory(prefix: "json-lock")
        let writer = try store.startWriter(handle: "first_writer")
        defer { writer.terminate() }
        try await writer.waitForLines(8)

        // When this process starts an integration on the same directory
        let second = store.integration()
        let error = await expectServiceError(.unavailable) { () throws(ServiceError) in try await second.start() }

        // Then it is refused as unavailable, naming the store and its lock, and the writer goes on
        guard case .unavailable(let reason, _) = error else { return }
        #expect(reason.contains(store.file.path) && reason.contains("store.json.lock"), "\(reason)")
        #expect(reason.contains("another process"), "\(reason)")
        let before = writer.outputLines.count
        try await writer.waitForLines(before + 8)

        // And once the writer has gone, it starts and sees everything the writer acknowledged
        try await writer.kill()
        let printed = Set(writer.outputLines)
        let posts = try await store.withStarted { integration in
            let user = try await integration.userService.user(handle: .init("first_writer"))
            return try await allPosts(of: user.id, in: integration.postService)
        }
        #expect(printed.isSubset(of: Set(posts.map(\.id.rawValue))))
    }

    @Test("a second integration in the same process is refused too, and the first keeps working")
    func secondInstanceRefused() async throws {
        let store = try StoreDirectory(prefix: "json-lock-same")
        try await store.withStarted { first in
            let second = store.integration()
            await expectServiceError(.unavailable) { () throws(ServiceError) in try await second.start() }
            let user = try await first.userService.create(UserDraft(handle: "still_here", displayName: "Still"))
            #expect(try await first.userService.user(id: user.id) == user)
        }
    }

    @Test("after stop, the services refuse with a message that says to start the integration")
    func servicesRefuseAfterStop() async throws {
        let store = try StoreDirectory(prefix: "json-stopped")
        let integration = store.integration()
        try await integration.start()
        await integration.stop()
        let error = await expectServiceError(.unavailable) { () throws(ServiceError) in
            try await integration.userService.create(UserDraft(handle: "late", displayName: "Late"))
        }
        #expect("\(String(describing: error))".contains("start"), "\(String(describing: error))")
    }

    @Test("stopping the store ends its observations")
    func stopEndsObservations() async throws {
        let store = try StoreDirectory(prefix: "json-stop-ends")
        let integration = store.integration()
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "stopper", displayName: "Stopper"))
        let probe = ObservationProbe(integration.postService.observeFeed(authorID: author.id, pageSize: 1))
        _ = try await probe.next("the empty first page")
        await integration.stop()
        let event = await probe.nextEvent()
        #expect(event?.isFinished == true, "the observation did not end: \(String(describing: event))")
        #expect(integration.observerCount == 0)
    }
}

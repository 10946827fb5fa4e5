import Foundation
import JSONFileStoreIntegration
import Models
import Services
import Testing

@Suite("JSON file store lock", .serialized)
struct JSONStoreLockTests {
    @Test("a second process is refused with the lock error while the first runs, and works once it exits")
    func secondProcessRefused() async throws {
        // Given a writer process holding the store
        let store = try StoreDirectory(prefix: "json-lock")
        let writer = try StoreWriterProcess(directory: store.url, handle: "first_writer", count: 0)
        defer { writer.terminate() }
        try await writer.waitForIDs(8)

        // When this process starts an integration on the same directory
        let second = store.integration()
        let error = await #expect(throws: ServiceError.self) { try await second.start() }

        // Then it is refused as unavailable, naming the store and its lock, and the writer goes on
        guard case .unavailable(let reason, _) = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(reason.contains(store.file.path) && reason.contains("store.json.lock"), "\(reason)")
        #expect(reason.contains("another process"), "\(reason)")
        let before = writer.printedIDs.count
        try await writer.waitForIDs(before + 8)

        // And once the writer has gone, it starts and sees everything the writer acknowledged
        try await writer.kill()
        let printed = Set(writer.printedIDs)
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
            await #expect(throws: ServiceError.self) { try await second.start() }
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
        let error = await #expect(throws: ServiceError.self) {
            _ = try await integration.userService.create(UserDraft(handle: "late", displayName: "Late"))
        }
        #expect("\(String(describing: error))".contains("start"), "\(String(describing: error))")
    }
}

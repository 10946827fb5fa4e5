import InMemoryIntegration
import ServiceContracts
import TestSupport

/// Fixtures that run every contract against a fresh in-memory integration.
///
/// In-memory data does not outlive its integration, so no fixture declares `.reopen`; the host
/// runs on a `ManualClock` and can count what it holds.
enum InMemoryContractFixtures {
    static let integration = "In-memory"

    static let posts = ContractFixture<PostServiceSubject>(integration: integration) {
        let memory = InMemoryIntegration()
        return PostServiceSubject(
            posts: memory.postService, users: memory.userService, tearDown: { await memory.stop() })
    }

    static let users = ContractFixture<UserServiceSubject>(integration: integration) {
        let memory = InMemoryIntegration()
        return UserServiceSubject(users: memory.userService, tearDown: { await memory.stop() })
    }

    static let library = ContractFixture<VideoLibrarySubject>(integration: integration) {
        let memory = InMemoryIntegration()
        return VideoLibrarySubject(library: memory.videoLibraryService, tearDown: { await memory.stop() })
    }

    static let hosting = ContractFixture<VideoHostingSubject>(
        integration: integration,
        capabilities: [.controlledClock, .storageInspection]
    ) {
        let clock = ManualClock()
        let memory = InMemoryIntegration(configuration: .init(clock: clock))
        let host = memory.videoHostingService
        return VideoHostingSubject(
            hosting: host,
            advanceClock: { clock.advance(by: $0) },
            storedItemCount: { await host.storedVideoCount() },
            tearDown: { await memory.stop() }
        )
    }
}

import InMemoryIntegration
import ServiceContracts
import TestSupport

/// Fixtures that run every contract against a fresh in-memory integration.
///
/// In-memory data does not outlive its integration and there is no second connection to it, so no
/// fixture declares `.reopen` or `.secondInstance`. The stores take the check's wall clock; the
/// host runs on a `ManualClock`, can count what it holds and can be told to fail processing.
enum InMemoryContractFixtures {
    static let integration = "In-memory"

    /// A fresh integration stamping `createdAt` with `clock`.
    static func memory(clock: ContractClock) -> InMemoryIntegration {
        InMemoryIntegration(configuration: .init(now: clock.now))
    }

    /// Stops `memory` after the check and counts its observations.
    static func hooks<Subject>(_ memory: InMemoryIntegration) -> SubjectHooks<Subject> {
        SubjectHooks(tearDown: { await memory.stop() }, observerCount: { memory.observerCount })
    }

    static let posts = ContractFixture<PostServiceSubject>(
        integration: integration,
        capabilities: [
            .injectedClock, .observerCount,
            .otherListing,  // part of: library
        ]
    ) { clock in
        let memory = memory(clock: clock)
        return try PostServiceSubject(services: memory.services, hooks: hooks(memory))
    }

    // begin part of: OfflineFirst
    static let replica = ContractFixture<PostReplicaServiceSubject>(integration: integration) { clock in
        let memory = memory(clock: clock)
        return PostReplicaServiceSubject(
            replica: memory.replica, posts: memory.postService, users: memory.userService,
            hooks: SubjectHooks(tearDown: { await memory.stop() }))
    }
    // end part of: OfflineFirst

    static let users = ContractFixture<UserServiceSubject>(integration: integration, capabilities: [.injectedClock]) {
        clock in
        let memory = memory(clock: clock)
        return try UserServiceSubject(services: memory.services, hooks: SubjectHooks(tearDown: { await memory.stop() }))
    }

    // begin part of: authentication
    static let authentication = ContractFixture<AuthenticationServiceSubject>(
        integration: integration, capabilities: [.deviceLocalSignIn]
    ) { clock in
        let memory = memory(clock: clock)
        return try AuthenticationServiceSubject(
            services: memory.services, hooks: SubjectHooks(tearDown: { await memory.stop() }))
    }
    // end part of: authentication

    // begin part of: library
    static let library = ContractFixture<VideoLibraryServiceSubject>(
        integration: integration, capabilities: [.injectedClock, .otherListing, .observerCount]
    ) { clock in
        let memory = memory(clock: clock)
        return try VideoLibraryServiceSubject(services: memory.services, hooks: hooks(memory))
    }
    // end part of: library

    // begin part of: hosting
    static let hosting = ContractFixture<VideoHostingServiceSubject>(
        integration: integration,
        capabilities: [.controlledClock, .storageInspection, .failableProcessing, .knownDuration]
    ) { _ in
        let clock = ManualClock()
        let configuration = InMemoryIntegration.Configuration(clock: clock)
        let memory = InMemoryIntegration(configuration: configuration)
        let host = memory.videoHostingService
        return VideoHostingServiceSubject(
            hosting: host,
            advanceClock: { clock.advance(by: $0) },
            storedItemCount: { await host.storedVideoCount() },
            failProcessing: { await host.simulateProcessingFailures(true) },
            expectedDuration: configuration.runningTime,
            hooks: SubjectHooks(tearDown: { await memory.stop() })
        )
    }
    // end part of: hosting
}

import InMemoryIntegration
import IntegrationSupport
import ServiceContracts
import TestSupport

/// Fixtures that serve each contract from a broken service, with every capability the checks
/// their defects target need.
enum PlantedFixtures {
    /// How many times a defect's checks run: ten for a race (it must be caught every time, not
    /// most times), two for the others (deterministic: the second run proves nothing was luck).
    static func runs(isRace: Bool) -> Int { isRace ? 10 : 2 }

    /// Shorter observation waits for planted runs: a defect that never delivers fails in a second
    /// instead of the full `HangGuard.limit`, and one that breaks the quiet does so within milliseconds.
    static func withShortObservationWaits<T>(_ body: () async throws -> T) async rethrows -> T {
        try await ObservationWaits.$deadline.withValue(.seconds(1)) {
            try await ObservationWaits.$quietWindow.withValue(.milliseconds(300)) { try await body() }
        }
    }

    static func posts(_ defect: PostServiceDefect) -> ContractFixture<PostServiceSubject> {
        ContractFixture(
            integration: "Broken (\(defect))",
            capabilities: [
                .injectedClock, .secondInstance, .observerCount,
                .otherListing,  // part of: library
            ]
        ) { clock in
            let memory = InMemoryIntegration(configuration: .init(now: clock.now))
            let shared = BrokenPostService.Shared()
            let instance = { @Sendable (hooks: SubjectHooks<PostServiceSubject>) in
                PostServiceSubject(
                    posts: BrokenPostService(defect, wrapping: memory.postService, shared: shared),
                    users: memory.userService,
                    library: memory.videoLibraryService,  // part of: library
                    hooks: hooks)
            }
            return instance(
                SubjectHooks(
                    secondInstance: { instance(SubjectHooks()) }, tearDown: { await memory.stop() },
                    observerCount: { memory.observerCount }))
        }
    }

    static func users(_ defect: UserServiceDefect) -> ContractFixture<UserServiceSubject> {
        ContractFixture(integration: "Broken (\(defect))", capabilities: [.injectedClock, .secondInstance]) { clock in
            let shared = BrokenUserService.Shared()
            let instance = { @Sendable (hooks: SubjectHooks<UserServiceSubject>) in
                UserServiceSubject(users: BrokenUserService(defect, now: clock.now, shared: shared), hooks: hooks)
            }
            return instance(SubjectHooks(secondInstance: { instance(SubjectHooks()) }))
        }
    }

    // begin part of: OfflineFirst
    static func replica(_ defect: PostReplicaDefect) -> ContractFixture<PostReplicaServiceSubject> {
        ContractFixture(integration: "Broken \(defect)", capabilities: [.secondInstance]) { clock in
            let memory = InMemoryIntegration(configuration: .init(now: clock.now))
            let replica = BrokenPostReplica(
                defect: defect, base: memory.replica, posts: memory.postService, users: memory.userService)
            // A second instance is another handle on the same store, as another process's would be.
            let instance = { @Sendable (hooks: SubjectHooks<PostReplicaServiceSubject>) in
                PostReplicaServiceSubject(
                    replica: replica, posts: memory.postService, users: memory.userService, hooks: hooks)
            }
            return instance(
                SubjectHooks(secondInstance: { instance(SubjectHooks()) }, tearDown: { await memory.stop() }))
        }
    }
    // end part of: OfflineFirst

    // begin part of: authentication
    static func authentication(_ defect: AuthenticationServiceDefect) -> ContractFixture<AuthenticationServiceSubject> {
        let flowCapability: ContractCapability = defect.flow.needsPassword ? .passwords : .deviceLocalSignIn
        return ContractFixture(integration: "Broken (\(defect))", capabilities: [.reopen, flowCapability]) { clock in
            let memory = InMemoryIntegration(configuration: .init(now: clock.now))
            let changes = ChangeSignal()
            let service = BrokenAuthenticationService(
                defect, users: memory.userService, shared: BrokenAuthenticationService.Shared(), changes: changes)
            @Sendable func subject(_ service: BrokenAuthenticationService) -> AuthenticationServiceSubject {
                AuthenticationServiceSubject(
                    authentication: service, users: memory.userService,
                    hooks: SubjectHooks(
                        reopen: { subject(service.reopened()) },
                        tearDown: {
                            changes.close()
                            await memory.stop()
                        }))
            }
            return subject(service)
        }
    }
    // end part of: authentication

    // begin part of: library
    static func library(_ defect: VideoLibraryServiceDefect) -> ContractFixture<VideoLibraryServiceSubject> {
        ContractFixture(
            integration: "Broken (\(defect))",
            capabilities: [.injectedClock, .otherListing, .secondInstance, .observerCount]
        ) { clock in
            let memory = InMemoryIntegration(configuration: .init(now: clock.now))
            let shared = BrokenVideoLibraryService.Shared()
            let instance = { @Sendable (hooks: SubjectHooks<VideoLibraryServiceSubject>) in
                VideoLibraryServiceSubject(
                    library: BrokenVideoLibraryService(defect, wrapping: memory.videoLibraryService, shared: shared),
                    feed: (memory.postService, memory.userService), hooks: hooks)
            }
            return instance(
                SubjectHooks(
                    secondInstance: { instance(SubjectHooks()) }, tearDown: { await memory.stop() },
                    observerCount: { memory.observerCount }))
        }
    }
    // end part of: library

    // begin part of: hosting
    static func hosting(_ defect: VideoHostingServiceDefect) -> ContractFixture<VideoHostingServiceSubject> {
        ContractFixture(
            integration: "Broken (\(defect))",
            capabilities: [.controlledClock, .storageInspection, .failableProcessing]
        ) { wallClock in
            let clock = ManualClock()
            let memory = InMemoryIntegration(configuration: .init(now: wallClock.now, clock: clock))
            let host = memory.videoHostingService
            return VideoHostingServiceSubject(
                hosting: BrokenVideoHostingService(defect, wrapping: host, now: wallClock.now),
                advanceClock: { clock.advance(by: $0) },
                storedItemCount: { await host.storedVideoCount() },
                failProcessing: { await host.simulateProcessingFailures(true) },
                hooks: SubjectHooks(tearDown: { await memory.stop() })
            )
        }
    }
    // end part of: hosting
}

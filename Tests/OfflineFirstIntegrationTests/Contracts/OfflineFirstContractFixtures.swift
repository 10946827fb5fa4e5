import InMemoryIntegration
import OfflineFirstIntegration
import ServiceContracts
import Services

/// Fixtures that run the contracts against an offline-first integration over two in-memory
/// integrations: one is the device's local store, the other stands in for the server (its users,
/// sign-in, and its posts behind a `ServiceBackedRemote`). Sync runs only when a test asks, so a
/// check sees the local side exactly; "offline" makes every sync call fail as an unreachable
/// server does.
enum OfflineFirstContractFixtures {
    /// A device and a server, composed.
    struct Parts {
        let device: InMemoryIntegration
        let server: InMemoryIntegration
        let remote: ServiceBackedRemote
        let integration: OfflineFirstIntegration
    }

    /// Composes and starts a device over `server` (a fresh one by default); `isOnline` false cuts
    /// the sync off.
    static func make(
        clock: ContractClock, isOnline: Bool = true, server: InMemoryIntegration? = nil
    ) async throws -> Parts {
        let device = InMemoryIntegration(configuration: .init(now: clock.now))
        let server = server ?? InMemoryIntegration(configuration: .init(now: clock.now))
        let remote = ServiceBackedRemote(posts: server.postService)
        remote.isReachable.withLock { $0 = isOnline }
        let integration = OfflineFirstIntegration(
            local: OfflineFirstLocal(
                integration: device, posts: device.postService, users: device.userService, replica: device.replica),
            remote: OfflineFirstRemote(
                integration: server, users: server.userService, authentication: server.authenticationService,
                sync: remote),
            configuration: .init(now: clock.now, syncsInBackground: false))
        try await integration.start()
        return Parts(device: device, server: server, remote: remote, integration: integration)
    }

    static func posts(isOnline: Bool) -> ContractFixture<PostServiceSubject> {
        ContractFixture(
            integration: isOnline ? "Offline-first (online)" : "Offline-first (offline)",
            capabilities: [.injectedClock, .observerCount]
        ) { clock in
            let parts = try await make(clock: clock, isOnline: isOnline)
            return PostServiceSubject(
                posts: parts.integration.postService, users: parts.integration.userService,
                hooks: SubjectHooks(
                    tearDown: { await parts.integration.stop() }, observerCount: { parts.device.observerCount }))
        }
    }

    static let users = ContractFixture<UserServiceSubject>(
        integration: "Offline-first (online)", capabilities: [.injectedClock]
    ) { clock in
        let parts = try await make(clock: clock)
        return UserServiceSubject(
            users: parts.integration.userService, hooks: SubjectHooks(tearDown: { await parts.integration.stop() }))
    }

    static let authentication = ContractFixture<AuthenticationServiceSubject>(
        integration: "Offline-first (online)", capabilities: [.deviceLocalSignIn]
    ) { clock in
        let parts = try await make(clock: clock)
        return try AuthenticationServiceSubject(
            services: parts.integration.services, hooks: SubjectHooks(tearDown: { await parts.integration.stop() }))
    }
}

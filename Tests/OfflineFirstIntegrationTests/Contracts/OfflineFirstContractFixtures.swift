import InMemoryIntegration
import OfflineFirstIntegration
import ServiceContracts
import Services

/// Fixtures that run the contracts against an offline-first integration over two in-memory
/// integrations: one is the device's local store, the other stands in for the server (its users,
/// sign-in, and its posts behind a `ServiceBackedRemote`). The contracts check what the app reads
/// and writes, which is the local side whether the server answers or not; the post contract runs
/// with the sync running on its own against a server that answers, one that cannot be reached,
/// and one whose connection drops every other send or read. `OfflineFirstSyncTests` checks the sync.
enum OfflineFirstContractFixtures {
    static let integration = "Offline-first"

    /// How the stand-in server answers the post sync. Users are made on the server only (a handle
    /// is unique across devices only there), so creating one needs it in every case.
    enum Connection: String, CaseIterable, Sendable {
        /// Every call answers.
        case online
        /// No call answers: everything waits in the outbox.
        case offline
        /// Every other call fails as a dropped connection does.
        case flapping
    }

    /// A device and a server, composed.
    struct Parts {
        let device: InMemoryIntegration
        let server: InMemoryIntegration
        let remote: ServiceBackedRemote
        let integration: OfflineFirstIntegration
    }

    /// Composes and starts a device over `server` (a fresh one by default), its sync over
    /// `connection`; `inBackground` syncs as the app does, on its own, timing retries on
    /// `syncClock`. A flapping connection is retried at once, so a dropped call is followed by
    /// one that answers (the default 5 s would outlast every check). `alongside` makes a second
    /// app process on another's device store and server: two senders over one outbox.
    static func make(
        clock: ContractClock, connection: Connection = .online, server: InMemoryIntegration? = nil,
        alongside other: Parts? = nil, inBackground: Bool = false,
        syncClock: any Clock<Duration> = ContinuousClock()
    ) async throws -> Parts {
        let device = other?.device ?? InMemoryIntegration(configuration: .init(now: clock.now))
        let server = other?.server ?? server ?? InMemoryIntegration(configuration: .init(now: clock.now))
        let remote = other?.remote ?? ServiceBackedRemote(posts: server.postService)
        if connection == .offline { remote.failure.withLock { $0 = ServiceBackedRemote.unreachable } }
        remote.flaps.withLock { $0 = connection == .flapping }
        let integration = OfflineFirstIntegration(
            local: OfflineFirstLocal(
                integration: device, posts: device.postService, users: device.userService, replica: device.replica),
            remote: OfflineFirstRemote(
                integration: server, users: server.userService, authentication: server.authenticationService,
                sync: remote),
            configuration: .init(
                now: clock.now, clock: syncClock, retryInterval: connection == .flapping ? .zero : .seconds(5),
                syncsInBackground: inBackground))
        try await integration.start()
        return Parts(device: device, server: server, remote: remote, integration: integration)
    }

    /// The post fixture, syncing in the background over `connection`.
    static func posts(_ connection: Connection) -> ContractFixture<PostServiceSubject> {
        ContractFixture<PostServiceSubject>(
            integration: "\(integration) (\(connection.rawValue))", capabilities: [.injectedClock, .observerCount]
        ) { clock in
            let parts = try await make(clock: clock, connection: connection, inBackground: true)
            return PostServiceSubject(
                posts: parts.integration.postService, users: parts.integration.userService,
                hooks: SubjectHooks(
                    tearDown: { await parts.integration.stop() }, observerCount: { parts.device.observerCount }))
        }
    }

    static let users = ContractFixture<UserServiceSubject>(
        integration: integration, capabilities: [.injectedClock]
    ) { clock in
        let parts = try await make(clock: clock)
        return UserServiceSubject(
            users: parts.integration.userService, hooks: SubjectHooks(tearDown: { await parts.integration.stop() }))
    }

    static let authentication = ContractFixture<AuthenticationServiceSubject>(
        integration: integration, capabilities: [.deviceLocalSignIn]
    ) { clock in
        let parts = try await make(clock: clock)
        return try AuthenticationServiceSubject(
            services: parts.integration.services, hooks: SubjectHooks(tearDown: { await parts.integration.stop() }))
    }
}

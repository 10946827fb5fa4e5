import Foundation
import HTTPBackendIntegration
import ServiceContracts
import TestSupport

/// Fixtures that run every contract against the real client talking real HTTP to a `silo-backend`
/// process on an ephemeral loopback port (its SQLite store in a temporary directory, test controls
/// on).
///
/// Each check gets its own backend. Reopen is a new client on the same backend; a second instance
/// is a second client beside the first. The contract's clock travels with every request
/// (`TestClockMiddleware`), so checks that decide ties run here too. Held reads are the backend's
/// `hold` fault on every `GET`, answered when the check releases them. A crash is the backend
/// killing itself at its next durable write (`POST /_test/crash`); recovering starts a new backend
/// on the same data and port, and a new client.
enum HTTPBackendContractFixtures {
    static let integration = "HTTP backend"
    static let capabilities: Set<ContractCapability> = [
        .reopen, .secondInstance, .injectedClock, .otherListing, .observerCount, .heldReads, .crashRecovery,
        .passwords,
    ]

    /// One backend and every client started on it, so tear-down stops them all.
    actor Clients {
        private(set) var backend: BackendProcess
        let clock: ContractClock
        let data: TemporaryDirectory
        private var started: [HTTPBackendIntegration] = []

        init(clock: ContractClock) async throws {
            data = try TemporaryDirectory(prefix: "http-contract")
            // A port no other test takes while the backend restarts on it (`restartBackend()`).
            backend = try await BackendProcess.start(arguments: [
                "--store", "sqlite", "--data-dir", data.url.path, "--port", String(try QuietPort.find()),
            ])
            self.clock = clock
        }

        /// Kills the backend (if it has not died already) and starts a new one on the same data and port.
        func restartBackend() async throws {
            for integration in started { await integration.stop() }
            started.removeAll()
            try? await backend.kill()
            backend = try await BackendProcess.start(arguments: [
                "--store", "sqlite", "--data-dir", data.url.path, "--port", String(backend.port),
            ])
        }

        func start() async throws -> HTTPBackendIntegration {
            // Every client of one backend shares a credentials file, as the runs of one app do: a
            // user one client made can act through the others. A user the contract only names (a
            // video's owner, a stranger deleting a post) gets a session from the test control.
            let credentials = data.url.appendingPathComponent("credentials.json")
            let backend = backend
            let integration = HTTPBackendIntegration(
                configuration: HTTPBackendFixtureConfiguration.make(backend, clock: clock) {
                    $0.credentialsFile = credentials
                    $0.missingSession = { await backend.testSession(for: $0.rawValue) }
                })
            try await integration.start()
            started.append(integration)
            return integration
        }

        func stopAll() async {
            for integration in started.reversed() { await integration.stop() }
            try? await backend.kill()
        }
    }

    typealias MakeSubject<Subject> = @Sendable (HTTPBackendIntegration, SubjectHooks<Subject>) throws -> Subject

    static func fixture<Subject: ContractSubject>(_ make: @escaping MakeSubject<Subject>) -> ContractFixture<Subject> {
        ContractFixture(integration: integration, capabilities: capabilities) { clock in
            try await subject(on: try await Clients(clock: clock), make: make)
        }
    }

    private static func subject<Subject: ContractSubject>(
        on clients: Clients, make: @escaping MakeSubject<Subject>
    ) async throws -> Subject {
        let integration = try await clients.start()
        let hooks = SubjectHooks<Subject>(
            reopen: {
                await integration.stop()
                return try await subject(on: clients, make: make)
            },
            secondInstance: { try make(try await clients.start(), SubjectHooks()) },
            tearDown: { await clients.stopAll() },
            observerCount: { integration.observerCount },
            crash: CrashHooks(
                arm: { try await clients.backend.armCrash() },
                hasCrashed: { await clients.backend.isGone() },
                recover: {
                    try await clients.restartBackend()
                    return try await subject(on: clients, make: make)
                }),
            heldReads: HeldReads(
                hold: { try await clients.backend.inject(["method": "GET", "path": "*", "hold": true]) },
                waitForHeld: { try await clients.backend.waitForHeldRequests($0) },
                release: {
                    try await clients.backend.clearFaults()
                    try await clients.backend.releaseHeldRequests()
                })
        )
        return try make(integration, hooks)
    }

    static let posts = fixture { try PostServiceSubject(services: $0.services, hooks: $1) }
    static let users = fixture { try UserServiceSubject(services: $0.services, hooks: $1) }
    static let authentication = fixture { try AuthenticationServiceSubject(services: $0.services, hooks: $1) }
    static let library = fixture { try VideoLibraryServiceSubject(services: $0.services, hooks: $1) }
}

import Foundation
import GRDBIntegration
import IntegrationSupport
import ServiceContracts
import TestSupport

/// Fixtures that run every contract against a fresh GRDB integration on a database in a temporary
/// directory.
///
/// Reopen is stop, then start a new integration on the same directory; a crash trips the
/// integration's `CrashSwitch` (every later commit fails) and opens what is on disk. The
/// integration takes the check's clock, counts its observations, and can be started on a file made
/// unreadable. It has
/// no second instance: GRDB's `ValueObservation` sees commits made through its own pool only, so
/// the checks that observe another instance's writes could not pass (Docs/AddingAThirdPartySDK.md).
enum GRDBContractFixtures {
    static let integration = "GRDB"
    static let capabilities: Set<ContractCapability> = [
        .reopen, .injectedClock, .observerCount, .unreadableStore, .crashRecovery, .deviceLocalSignIn,
    ]

    /// A temporary directory, and every integration started on it, so that tear-down stops the
    /// ones a reopen started too.
    actor Files {
        let directory: TemporaryDirectory
        let clock: ContractClock
        private var started: [GRDBIntegration] = []

        init(clock: ContractClock) throws {
            directory = try TemporaryDirectory(prefix: "grdb-contract")
            self.clock = clock
        }

        var databaseURL: URL { GRDBIntegration.Configuration(directory: directory.url).databaseURL }

        /// Starts an integration on the directory with a crash switch of its own.
        func start() async throws -> (GRDBIntegration, CrashSwitch) {
            let crashSwitch = CrashSwitch()
            let integration = GRDBIntegration(
                configuration: .init(directory: directory.url, now: clock.now, crashSwitch: crashSwitch))
            try await integration.start()
            started.append(integration)
            return (integration, crashSwitch)
        }

        func stopAll() async {
            for integration in started.reversed() { await integration.stop() }
        }
    }

    /// Makes a subject from a started integration and its hooks.
    typealias MakeSubject<Subject> = @Sendable (GRDBIntegration, SubjectHooks<Subject>) throws -> Subject

    static func fixture<Subject: ContractSubject>(_ make: @escaping MakeSubject<Subject>) -> ContractFixture<Subject> {
        ContractFixture(integration: integration, capabilities: capabilities) { clock in
            try await subject(on: try Files(clock: clock), make: make)
        }
    }

    private static func subject<Subject: ContractSubject>(
        on files: Files, make: @escaping MakeSubject<Subject>
    ) async throws -> Subject {
        let (integration, crashSwitch) = try await files.start()
        let hooks = SubjectHooks<Subject>(
            reopen: {
                await integration.stop()
                return try await subject(on: files, make: make)
            },
            tearDown: { await files.stopAll() },
            observerCount: { integration.observerCount },
            crash: CrashHooks(
                arm: { crashSwitch.arm() },
                hasCrashed: { crashSwitch.hasCrashed },
                recover: {
                    crashSwitch.crashNow()
                    await integration.stop()
                    return try await subject(on: files, make: make)
                }),
            unreadableStart: {
                await integration.stop()
                let url = await files.databaseURL
                return try await UnreadableStart.attempt(on: url) { _ = try await files.start() }
            }
        )
        return try make(integration, hooks)
    }

    static let posts = fixture { try PostServiceSubject(services: $0.services, hooks: $1) }
    static let users = fixture { try UserServiceSubject(services: $0.services, hooks: $1) }
    static let authentication = fixture { try AuthenticationServiceSubject(services: $0.services, hooks: $1) }
}

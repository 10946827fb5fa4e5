import Foundation
import JSONFileStoreIntegration
import ServiceContracts
import TestSupport

/// Fixtures that run every contract against a JSON file store in a fresh temporary directory.
///
/// Reopen is stop, then start a new integration on the same directory: what comes back was read
/// from the file. There is no second instance: a second integration on the same directory is
/// refused by the lock while the first is open (`JSONStoreLockTests`), so the checks that need
/// one are reported as cancelled.
enum JSONFileStoreContractFixtures {
    static let integration = "JSON file store"
    static let capabilities: Set<ContractCapability> = [.reopen, .injectedClock, .otherListing, .observerCount]

    /// A store directory and every integration started on it, so tear-down stops them all.
    actor Directory {
        let directory: TemporaryDirectory
        let clock: ContractClock
        private var started: [JSONFileStoreIntegration] = []

        init(clock: ContractClock) throws {
            directory = try TemporaryDirectory(prefix: "json-contract")
            self.clock = clock
        }

        func start() async throws -> JSONFileStoreIntegration {
            let integration = JSONFileStoreIntegration(configuration: .init(directory: directory.url, now: clock.now))
            try await integration.start()
            started.append(integration)
            return integration
        }

        func stopAll() async {
            for integration in started.reversed() { await integration.stop() }
        }
    }

    /// Makes a subject from a started integration and its hooks.
    typealias MakeSubject<Subject> = @Sendable (JSONFileStoreIntegration, SubjectHooks<Subject>) throws -> Subject

    static func fixture<Subject: ContractSubject>(_ make: @escaping MakeSubject<Subject>) -> ContractFixture<Subject> {
        ContractFixture(integration: integration, capabilities: capabilities) { clock in
            try await subject(on: try Directory(clock: clock), make: make)
        }
    }

    private static func subject<Subject: ContractSubject>(
        on directory: Directory,
        make: @escaping MakeSubject<Subject>
    ) async throws -> Subject {
        let integration = try await directory.start()
        let hooks = SubjectHooks<Subject>(
            reopen: {
                await integration.stop()
                return try await subject(on: directory, make: make)
            },
            tearDown: { await directory.stopAll() },
            observerCount: { integration.observerCount }
        )
        return try make(integration, hooks)
    }

    static let posts = fixture { try PostServiceSubject(services: $0.services, hooks: $1) }
    static let users = fixture { try UserServiceSubject(services: $0.services, hooks: $1) }
    static let library = fixture { try VideoLibraryServiceSubject(services: $0.services, hooks: $1) }
}

import Foundation
import SQLiteIntegration
import ServiceContracts
import TestSupport

/// Fixtures that run every contract against a fresh SQLite integration, either on a database file
/// in a temporary directory or on a private in-memory database.
///
/// On a file, reopen is stop then start a new integration on the same file, and a second instance
/// is another integration (its own connection) on the same file while the first stays open. Both
/// kinds take the check's wall clock and carry the other listing of the same database.
enum SQLiteContractFixtures {
    static let fileIntegration = "SQLite (file)"
    static let memoryIntegration = "SQLite (in-memory)"
    static let fileCapabilities: Set<ContractCapability> = [
        .reopen, .secondInstance, .injectedClock, .otherListing, .observerCount,
    ]
    static let memoryCapabilities: Set<ContractCapability> = [.injectedClock, .otherListing, .observerCount]

    /// A database file in a temporary directory, and every integration started on it, so that
    /// tear-down stops the ones a reopen or a second instance started too.
    actor FileStore {
        let directory: TemporaryDirectory
        let url: URL
        let clock: ContractClock
        private var started: [SQLiteIntegration] = []

        init(clock: ContractClock) throws {
            directory = try TemporaryDirectory(prefix: "sqlite-contract")
            url = directory.file(named: "silo.sqlite")
            self.clock = clock
        }

        func start() async throws -> SQLiteIntegration {
            let integration = SQLiteIntegration(configuration: .init(storage: .file(url), now: clock.now))
            try await integration.start()
            started.append(integration)
            return integration
        }

        func stopAll() async {
            for integration in started.reversed() { await integration.stop() }
        }
    }

    /// Makes a subject from a started integration, given how to reopen, open beside and tear down.
    typealias MakeSubject<Subject> = @Sendable (SQLiteIntegration, SubjectHooks<Subject>) throws -> Subject

    /// A fixture on a fresh database file, with reopen and a second instance.
    static func file<Subject: ContractSubject>(_ make: @escaping MakeSubject<Subject>) -> ContractFixture<Subject> {
        ContractFixture(integration: fileIntegration, capabilities: fileCapabilities) { clock in
            let store = try FileStore(clock: clock)
            return try await subject(on: store, make: make)
        }
    }

    /// A fixture on a private in-memory database.
    static func memory<Subject: ContractSubject>(_ make: @escaping MakeSubject<Subject>) -> ContractFixture<Subject> {
        ContractFixture(integration: memoryIntegration, capabilities: memoryCapabilities) { clock in
            let integration = SQLiteIntegration(configuration: .init(storage: .inMemory, now: clock.now))
            try await integration.start()
            return try make(
                integration,
                SubjectHooks(tearDown: { await integration.stop() }, observerCount: { integration.observerCount }))
        }
    }

    private static func subject<Subject: ContractSubject>(
        on store: FileStore,
        make: @escaping MakeSubject<Subject>
    ) async throws -> Subject {
        let integration = try await store.start()
        let hooks = SubjectHooks<Subject>(
            reopen: {
                await integration.stop()
                return try await subject(on: store, make: make)
            },
            secondInstance: { try make(try await store.start(), SubjectHooks()) },
            tearDown: { await store.stopAll() },
            observerCount: { integration.observerCount }
        )
        return try make(integration, hooks)
    }

    // MARK: Subjects

    static let posts: MakeSubject<PostServiceSubject> = { try PostServiceSubject(services: $0.services, hooks: $1) }
    static let users: MakeSubject<UserServiceSubject> = { try UserServiceSubject(services: $0.services, hooks: $1) }
    static let library: MakeSubject<VideoLibraryServiceSubject> = {
        try VideoLibraryServiceSubject(services: $0.services, hooks: $1)
    }

    static let filePosts = file(posts)
    static let memoryPosts = memory(posts)
    static let fileUsers = file(users)
    static let memoryUsers = memory(users)
    static let fileLibrary = file(library)
    static let memoryLibrary = memory(library)
}

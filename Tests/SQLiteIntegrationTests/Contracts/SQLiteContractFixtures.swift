import Foundation
import IntegrationSupport
import SQLiteIntegration
import ServiceContracts
import Services
import TestSupport

/// Fixtures that run every contract against a fresh SQLite integration, either on a database file
/// in a temporary directory or on a private in-memory database.
///
/// On a file, reopen is stop then start a new integration on the same file, and a second instance
/// is another integration (its own connection) on the same file while the first stays open; a
/// crash trips the integration's `CrashSwitch` (every later commit rolls back) and opens the file
/// as it is. Both kinds take the check's wall clock and carry the other listing of the same database.
enum SQLiteContractFixtures {
    static let fileIntegration = "SQLite (file)"
    static let memoryIntegration = "SQLite (in-memory)"
    static let fileCapabilities: Set<ContractCapability> = [
        .reopen, .secondInstance, .injectedClock, .observerCount, .crashRecovery, .unreadableStore, .documentedFormat,
        .otherListing,  // part of: library
        .deviceLocalSignIn,  // part of: authentication
    ]
    static let memoryCapabilities: Set<ContractCapability> = [
        .injectedClock, .observerCount,
        .otherListing,  // part of: library
        .deviceLocalSignIn,  // part of: authentication
    ]

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

        /// Starts an integration on `file` (the store's own by default) with a crash switch of its own.
        func start(file: URL? = nil) async throws -> (SQLiteIntegration, CrashSwitch) {
            let crashSwitch = CrashSwitch()
            let integration = SQLiteIntegration(
                configuration: .init(storage: .file(file ?? url), now: clock.now, crashSwitch: crashSwitch))
            try await integration.start()
            started.append(integration)
            return (integration, crashSwitch)
        }

        /// Starts an integration on a new database holding the documented sample's rows.
        func startOnSample() async throws -> SQLiteIntegration {
            let sample = directory.file(named: "sample-\(started.count).sqlite")
            let (empty, _) = try await start(file: sample)
            await empty.stop()
            try await SQLiteFormatSample.load(into: sample)
            return try await start(file: sample).0
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
        let (integration, crashSwitch) = try await store.start()
        let url = store.url
        let hooks = SubjectHooks<Subject>(
            reopen: {
                await integration.stop()
                return try await subject(on: store, make: make)
            },
            secondInstance: { try make(try await store.start().0, SubjectHooks()) },
            tearDown: { await store.stopAll() },
            observerCount: { integration.observerCount },
            crash: CrashHooks(
                arm: { crashSwitch.arm() },
                hasCrashed: { crashSwitch.hasCrashed },
                recover: {
                    crashSwitch.crashNow()
                    await integration.stop()
                    return try await subject(on: store, make: make)
                }),
            format: FormatHooks(
                sample: try SQLiteFormatSample.make(),
                openSample: { try make(try await store.startOnSample(), SubjectHooks()) },
                document: { try await SQLiteFormatSample.dump(url) },
                shape: { document, service in try await SQLiteFormatSample.shape(of: document, for: service) }),
            unreadableStart: {
                await integration.stop()
                return try await UnreadableStart.attempt(on: url) { _ = try await store.start() }
            }
        )
        return try make(integration, hooks)
    }

    // MARK: Subjects

    static let posts: MakeSubject<PostServiceSubject> = { try PostServiceSubject(services: $0.services, hooks: $1) }
    static let users: MakeSubject<UserServiceSubject> = { try UserServiceSubject(services: $0.services, hooks: $1) }
    // begin part of: library
    static let library: MakeSubject<VideoLibraryServiceSubject> = {
        try VideoLibraryServiceSubject(services: $0.services, hooks: $1)
    }
    // end part of: library

    static let filePosts = file(posts)
    static let memoryPosts = memory(posts)
    static let fileUsers = file(users)
    static let memoryUsers = memory(users)
    // begin part of: authentication
    static let authentication: MakeSubject<AuthenticationServiceSubject> = {
        try AuthenticationServiceSubject(services: $0.services, hooks: $1)
    }
    static let fileAuthentication = file(authentication)
    static let memoryAuthentication = memory(authentication)
    // end part of: authentication
    static let fileLibrary = file(library)  // part of: library
    // begin part of: OfflineFirst
    static let replica: MakeSubject<PostReplicaServiceSubject> = { integration, hooks in
        PostReplicaServiceSubject(
            replica: integration.replica, posts: integration.postService, users: integration.userService, hooks: hooks)
    }
    static let fileReplica = file(replica)
    // end part of: OfflineFirst
    static let memoryLibrary = memory(library)  // part of: library
}

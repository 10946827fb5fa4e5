import Foundation
import SQLiteIntegration
import ServiceContracts
import TestSupport

/// Fixtures that run every contract against a fresh SQLite integration, either on a database file
/// in a temporary directory (reopen = stop, then start a new integration on the same file) or on
/// a private in-memory database (no reopen).
enum SQLiteContractFixtures {
    static let fileIntegration = "SQLite (file)"
    static let memoryIntegration = "SQLite (in-memory)"

    /// A database file in a temporary directory, and every integration started on it, so that
    /// tear-down stops the ones a reopen started too.
    actor FileStore {
        let directory: TemporaryDirectory
        let url: URL
        private var started: [SQLiteIntegration] = []

        init() throws {
            directory = try TemporaryDirectory(prefix: "sqlite-contract")
            url = directory.file(named: "silo.sqlite")
        }

        func start() async throws -> SQLiteIntegration {
            let integration = SQLiteIntegration(configuration: .init(storage: .file(url)))
            try await integration.start()
            started.append(integration)
            return integration
        }

        func stopAll() async {
            for integration in started.reversed() { await integration.stop() }
        }
    }

    static func startedInMemory() async throws -> SQLiteIntegration {
        let integration = SQLiteIntegration(configuration: .inMemory)
        try await integration.start()
        return integration
    }

    // MARK: Posts

    static let filePosts = ContractFixture<PostServiceSubject>(integration: fileIntegration, capabilities: [.reopen]) {
        let store = try FileStore()
        return try await postSubject(store: store, integration: try await store.start())
    }

    static let memoryPosts = ContractFixture<PostServiceSubject>(integration: memoryIntegration) {
        let integration = try await startedInMemory()
        return PostServiceSubject(
            posts: integration.postService,
            users: integration.userService,
            tearDown: { await integration.stop() }
        )
    }

    private static func postSubject(store: FileStore, integration: SQLiteIntegration) async throws -> PostServiceSubject
    {
        PostServiceSubject(
            posts: integration.postService,
            users: integration.userService,
            reopen: {
                await integration.stop()
                return try await postSubject(store: store, integration: try await store.start())
            },
            tearDown: { await store.stopAll() }
        )
    }

    // MARK: Users

    static let fileUsers = ContractFixture<UserServiceSubject>(integration: fileIntegration, capabilities: [.reopen]) {
        let store = try FileStore()
        return try await userSubject(store: store, integration: try await store.start())
    }

    static let memoryUsers = ContractFixture<UserServiceSubject>(integration: memoryIntegration) {
        let integration = try await startedInMemory()
        return UserServiceSubject(users: integration.userService, tearDown: { await integration.stop() })
    }

    private static func userSubject(store: FileStore, integration: SQLiteIntegration) async throws -> UserServiceSubject
    {
        UserServiceSubject(
            users: integration.userService,
            reopen: {
                await integration.stop()
                return try await userSubject(store: store, integration: try await store.start())
            },
            tearDown: { await store.stopAll() }
        )
    }

    // MARK: Video library

    static let fileLibrary = ContractFixture<VideoLibrarySubject>(integration: fileIntegration, capabilities: [.reopen])
    {
        let store = try FileStore()
        return try await librarySubject(store: store, integration: try await store.start())
    }

    static let memoryLibrary = ContractFixture<VideoLibrarySubject>(integration: memoryIntegration) {
        let integration = try await startedInMemory()
        return VideoLibrarySubject(library: integration.videoLibraryService, tearDown: { await integration.stop() })
    }

    private static func librarySubject(
        store: FileStore,
        integration: SQLiteIntegration
    ) async throws -> VideoLibrarySubject {
        VideoLibrarySubject(
            library: integration.videoLibraryService,
            reopen: {
                await integration.stop()
                return try await librarySubject(store: store, integration: try await store.start())
            },
            tearDown: { await store.stopAll() }
        )
    }
}

import Foundation

extension SQLiteIntegration {
    /// Where the integration keeps its database and how it stamps and waits.
    public struct Configuration: Sendable {
        /// Where the database lives.
        public enum Storage: Hashable, Sendable {
            /// A database file; its directory must exist. Created on first start.
            case file(URL)
            /// A private database in memory, gone when the integration stops: for previews and tests.
            case inMemory
        }

        /// Where the database lives.
        public var storage: Storage
        /// The wall clock for `createdAt` of new posts and users; rounded to milliseconds on store.
        public var now: @Sendable () -> Date
        /// How long a write waits for another connection (e.g. another process) to release the
        /// database before failing with `.unavailable`.
        public var busyTimeout: Duration

        /// Creates a configuration; by default the system clock and a 5-second busy timeout.
        public init(
            storage: Storage,
            now: @escaping @Sendable () -> Date = Date.init,
            busyTimeout: Duration = .seconds(5)
        ) {
            self.storage = storage
            self.now = now
            self.busyTimeout = busyTimeout
        }

        /// The database file `fileName` in `directory`.
        public static func file(named fileName: String = "silo.sqlite", in directory: URL) -> Configuration {
            Configuration(storage: .file(directory.appendingPathComponent(fileName)))
        }

        /// A private in-memory database.
        public static var inMemory: Configuration {
            Configuration(storage: .inMemory)
        }

        /// The path SQLite opens.
        var sqlitePath: String {
            switch storage {
            case .file(let url): url.path
            case .inMemory: ":memory:"
            }
        }

        /// How messages name the database.
        var location: String {
            switch storage {
            case .file(let url): url.path
            case .inMemory: "in-memory database"
            }
        }
    }
}

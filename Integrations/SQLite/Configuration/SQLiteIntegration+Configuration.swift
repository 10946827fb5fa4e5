import Foundation
import IntegrationSupport

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
        /// While anyone observes, how soon after a write to the `-wal` file (on Linux, told by inotify)
        /// or how often (elsewhere) the database is asked whether another connection (another process)
        /// committed (`PRAGMA data_version`): the latency of seeing outside changes.
        public var changePollInterval: Duration
        /// While anyone observes, how often the database is asked even when no write was seen: the
        /// latest an outside commit is noticed if a wake-up was missed, and the idle cost on Linux.
        public var changeBackstopInterval: Duration
        /// The shortest time between two reads of one observation, so a burst of writes is read once
        /// per interval instead of once per write (the first change after a quiet spell is read at once).
        public var observationInterval: Duration
        /// For the contract checks of durability only: a switch that rolls back every commit from
        /// the moment it trips, as if the process died before it. `nil` (always, outside tests)
        /// commits normally.
        public var crashSwitch: CrashSwitch?

        /// Creates a configuration; by default the system clock, a 5-second busy timeout, and outside
        /// changes looked for 25 ms apart after a write (at least once a second) and read at most every
        /// 20 ms while observed.
        public init(
            storage: Storage,
            now: @escaping @Sendable () -> Date = Date.init,
            busyTimeout: Duration = .seconds(5),
            changePollInterval: Duration = .milliseconds(25),
            changeBackstopInterval: Duration = .seconds(1),
            observationInterval: Duration = .milliseconds(20),
            crashSwitch: CrashSwitch? = nil
        ) {
            self.storage = storage
            self.crashSwitch = crashSwitch
            self.now = now
            self.busyTimeout = busyTimeout
            self.changePollInterval = changePollInterval
            self.changeBackstopInterval = changeBackstopInterval
            self.observationInterval = observationInterval
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

        // begin part of: authentication
        /// Where the signed-in user is remembered: `<database>-signed-in.json` beside a file, in
        /// memory for an in-memory database.
        var signedInSlot: SignedInSlot {
            switch storage {
            case .file(let url): SignedInSlot(file: URL(fileURLWithPath: url.path + "-signed-in.json"))
            case .inMemory: SignedInSlot()
            }
        }
        // end part of: authentication

        /// How messages name the database.
        var location: String {
            switch storage {
            case .file(let url): url.path
            case .inMemory: "in-memory database"
            }
        }
    }
}

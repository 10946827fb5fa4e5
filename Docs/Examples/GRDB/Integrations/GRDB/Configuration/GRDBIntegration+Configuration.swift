import Foundation
import IntegrationSupport

extension GRDBIntegration {
    /// Where the GRDB integration keeps its database and how it stamps and waits; made by the app
    /// from its settings.
    public struct Configuration: Sendable {
        /// A directory of its own inside the app's data directory, created on first start. It holds
        /// the database `silo.sqlite` (with its `-wal` and `-shm` files) and `signed-in.json`.
        public var directory: URL
        /// The wall clock for `createdAt` of new posts and users; stored in whole milliseconds.
        public var now: @Sendable () -> Date
        /// How long a write waits for another connection (another process) to release the database
        /// before failing with `.unavailable`.
        public var busyTimeout: Duration
        /// For the contract checks of durability only: a switch that stops every commit from the
        /// moment it trips, as if the process died before it. `nil` (always, outside tests)
        /// commits normally.
        public var crashSwitch: CrashSwitch?

        /// Creates a configuration keeping files in `directory`, stamping with `now` (the system
        /// clock by default) and waiting up to 5 seconds for a busy database.
        public init(
            directory: URL,
            now: @escaping @Sendable () -> Date = Date.init,
            busyTimeout: Duration = .seconds(5),
            crashSwitch: CrashSwitch? = nil
        ) {
            self.directory = directory
            self.now = now
            self.busyTimeout = busyTimeout
            self.crashSwitch = crashSwitch
        }

        /// The database file.
        public var databaseURL: URL {
            directory.appendingPathComponent("silo.sqlite")
        }

        /// Where the signed-in user is remembered.
        var signedInSlot: SignedInSlot {
            SignedInSlot(file: directory.appendingPathComponent("signed-in.json"))
        }
    }
}

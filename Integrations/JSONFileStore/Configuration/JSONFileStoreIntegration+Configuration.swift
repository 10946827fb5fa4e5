import Foundation
import IntegrationSupport

extension JSONFileStoreIntegration {
    /// Where the store keeps its files and which clock stamps what it creates.
    public struct Configuration: Sendable {
        /// The store's own directory: it holds `store.json`, the journal `store.journal`, the lock
        /// file `store.json.lock` and, while a snapshot is written, a temporary file. Created (mode
        /// 0700) on start when missing.
        public var directory: URL
        /// The wall clock for `createdAt` of new posts and users; rounded to milliseconds on store.
        public var now: @Sendable () -> Date
        /// For the contract checks of durability only: a switch that makes a save fail as if the
        /// process died just before it. `nil` (always, outside tests) writes normally.
        public var crashSwitch: CrashSwitch?
        /// Whether every save `fsync`s its journal line before it returns (the default): then a
        /// change that returned survives a power cut. When `false`, a returned change survives the
        /// process being killed but not a power cut until the next sync (`flush()`, a snapshot,
        /// `stop()`, going to the background): the promise SQLite gives in WAL with
        /// `synchronous = NORMAL`, as the SQLite integration runs, for about a tenth of a
        /// millisecond less per save here (`scripts/bench json`).
        public var syncsEverySave: Bool

        /// Creates a configuration keeping the store in `directory`, stamping with `now`.
        public init(
            directory: URL, now: @escaping @Sendable () -> Date = Date.init, crashSwitch: CrashSwitch? = nil,
            syncsEverySave: Bool = true
        ) {
            self.directory = directory
            self.now = now
            self.crashSwitch = crashSwitch
            self.syncsEverySave = syncsEverySave
        }

        /// `store.json` in `directory`: the data.
        public var file: URL { directory.appendingPathComponent("store.json") }

        /// `store.journal` in `directory`: the changes saved since `store.json` was last written, one
        /// JSON line per save.
        public var journalFile: URL { directory.appendingPathComponent("store.journal") }

        /// `store.json.lock` in `directory`: held (`flock`) by the one process that has the store open.
        public var lockFile: URL { directory.appendingPathComponent("store.json.lock") }
    }
}

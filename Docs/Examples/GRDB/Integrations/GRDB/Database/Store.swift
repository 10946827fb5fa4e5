import Dispatch
import Foundation
import GRDB
import IntegrationSupport
import Services

/// The integration's one `DatabasePool` (WAL: readers never wait for the writer), opened by
/// `open()` and closed by `close()`. The only code that holds GRDB's connection; services reach
/// it through `read`, `write` and `observe` (Store+Access.swift), which map every failure to
/// `ServiceError`.
actor Store {
    /// The database file's path, as messages name it.
    nonisolated let location: String
    /// Closed when the integration stops, which ends every running observation; each observation
    /// subscribes for as long as it runs, so its subscriber count is the number running.
    nonisolated let lifetime = ChangeSignal()
    private let url: URL
    private let busyTimeout: Duration
    private let crashSwitch: CrashSwitch?
    private var pool: DatabasePool?

    /// A store for the database at `url`; nothing is opened until `open()`.
    init(url: URL, busyTimeout: Duration, crashSwitch: CrashSwitch?) {
        self.url = url
        self.busyTimeout = busyTimeout
        self.crashSwitch = crashSwitch
        location = url.path
    }

    /// Opens the database, refusing a file that is not this integration's (without changing it),
    /// and applies the migrations it lacks.
    ///
    /// - Throws: `.corruptData` for a file that is not a database, is another program's, or was
    ///   written by a newer version; `.unavailable` when it cannot be opened.
    func open() async throws(ServiceError) {
        guard pool == nil else { return }
        let (url, location) = (url, location)
        var configuration = Configuration()
        configuration.busyMode = .timeout(TimeInterval(busyTimeout.wholeMilliseconds) / 1_000)
        configuration.foreignKeysEnabled = true
        if let crashSwitch {
            configuration.prepareDatabase { db in
                db.add(transactionObserver: CrashGate(crashSwitch), extent: .databaseLifetime)
            }
        }
        do {
            pool = try await Self.offCooperativePool { [configuration] in
                try Self.openPool(at: url, location: location, configuration: configuration)
            }
        } catch {
            throw ServiceError(error, location: location)
        }
        lifetime.reopen()
    }

    /// Ends every observation and closes the pool; waits for reads and writes in flight. Safe to
    /// call again.
    func close() async {
        lifetime.close()
        guard let pool else { return }
        self.pool = nil
        _ = try? await Self.offCooperativePool { try pool.close() }
    }

    /// The open pool.
    ///
    /// - Throws: `.unavailable` before `open()` or after `close()`.
    func openPool() throws(ServiceError) -> DatabasePool {
        guard let pool else {
            throw .unavailable(reason: "\(location) is not open: start the GRDB integration first", retryAfter: nil)
        }
        return pool
    }

    /// Checkpoints the write-ahead log into the file (entering the background).
    func checkpoint() async {
        guard let pool else { return }
        _ = try? await pool.write { db in try db.checkpoint(.passive) }
    }

    /// Frees caches (a memory warning).
    func releaseMemory() {
        pool?.releaseMemoryEventually()
    }

    private static func openPool(at url: URL, location: String, configuration: Configuration) throws -> DatabasePool {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let migrator = Schema.migrator
        if FileManager.default.fileExists(atPath: url.path) {
            // Read before the pool opens: a pool switches the file to WAL and writes to it.
            let reader = try DatabaseQueue(path: url.path, configuration: configuration)
            defer { try? reader.close() }
            try reader.read { db in try refuseUnlessOurs(db, migrator: migrator, location: location) }
        }
        let pool = try DatabasePool(path: url.path, configuration: configuration)
        do {
            try migrator.migrate(pool)
            return pool
        } catch {
            try? pool.close()
            throw error
        }
    }

    /// Throws unless the database is empty or this integration's at a version this one knows.
    private static func refuseUnlessOurs(_ db: Database, migrator: DatabaseMigrator, location: String) throws {
        switch try DatabaseOwnership.read(from: db) {
        case .empty:
            return
        case .foreign(let applicationID, let tables):
            throw ServiceError.corruptData(
                location: location,
                reason: "it is another program's database (application_id \(applicationID), tables "
                    + "\(tables.joined(separator: ", "))), left as it was; point the app at another directory "
                    + "or move the file away")
        case .ours:
            guard try migrator.hasBeenSuperseded(db) else { return }
            throw ServiceError.corruptData(
                location: location,
                reason: "it was written by a newer version of the app, left as it was; update the app")
        }
    }

    /// Runs GRDB's synchronous work (opening files, migrating, closing, which wait on GRDB's own
    /// queues) on a dispatch queue, so no thread of the cooperative pool is blocked.
    private static func offCooperativePool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try work() })
            }
        }
    }
}

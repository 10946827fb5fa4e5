import Foundation
import IntegrationSupport
import Models
import Services

/// The embedded store: posts, users and the video library in one SQLite database.
///
/// Everything that touches the SQLite C API lives in this integration; the app sees only the
/// services it vends. `start()` opens the database, refuses a file that is not a healthy database
/// of this app (without changing it), and migrates the schema; `stop()` optimizes, checkpoints the
/// write-ahead log into the file and closes. Entering the background checkpoints too.
///
/// A returned write is durable against the process being killed at any moment (WAL with
/// `synchronous = NORMAL`; see Docs/Integrations/SQLite.md for the power-loss caveat). Safe to use
/// from any task: one actor owns the connection.
public final class SQLiteIntegration: Integration {
    /// `"SQLite"`.
    public let name = "SQLite"
    /// What the integration was created with.
    public let configuration: Configuration
    /// Posts in the database.
    public let postService: SQLitePostService
    /// Users in the database.
    public let userService: SQLiteUserService
    /// The saved video library in the database.
    public let videoLibraryService: SQLiteVideoLibraryService  // part of: library
    /// Signing in on this device, by handle (no password).
    public let authenticationService: DeviceLocalAuthenticationService  // part of: authentication
    /// The local side of an offline-first integration, in the same file as posts and users.
    public let replica: SQLitePostReplica  // part of: OfflineFirst
    private let sessionChanges = ChangeSignal()  // part of: authentication

    private let database: Database

    /// How many observations of the database are running: 0 once every observer has gone.
    public var observerCount: Int { database.changes.observerCount }
    private let lifecycle = LifecycleHealth()
    private let integrity = IntegrityState()

    /// Creates the integration; nothing is opened until `start()`.
    public init(configuration: Configuration) {
        self.configuration = configuration
        let database = Database(
            path: configuration.sqlitePath, location: configuration.location, crashSwitch: configuration.crashSwitch)
        self.database = database
        let interval = configuration.observationInterval
        postService = SQLitePostService(database: database, now: configuration.now, observationInterval: interval)
        userService = SQLiteUserService(database: database, now: configuration.now)
        // begin part of: library
        videoLibraryService = SQLiteVideoLibraryService(database: database, observationInterval: interval)
        // end part of: library
        replica = SQLitePostReplica(database: database)  // part of: OfflineFirst
        // begin part of: authentication
        authenticationService = DeviceLocalAuthenticationService(
            users: userService, slot: configuration.signedInSlot, changes: sessionChanges)
        // end part of: authentication
        if case .file = configuration.storage {
            let (poll, backstop) = (configuration.changePollInterval, configuration.changeBackstopInterval)
            database.changes.watch { [weak database] signal in
                await database?.watchOutsideCommits(signal, every: poll, backstop: backstop)
            }
        }
    }

    /// Each service it serves, under its key.
    public var services: ServiceSet {
        ServiceSet()
            .adding(.posts, postService)
            .adding(.users, userService)
            .adding(.library, videoLibraryService)  // part of: library
            .adding(.authentication, authenticationService)  // part of: authentication
    }

    /// Opens the database, checks that it is this app's and current, and applies pending migrations.
    ///
    /// Start-up reads a few header fields and the schema, never every page, so it takes the same
    /// time for ten posts as for a million. When a non-empty write-ahead log lay beside the file
    /// (the last session ended uncleanly, or another process has it open), a full check of every
    /// page runs in the background afterwards and `health()` reports what it finds.
    ///
    /// - Throws: `.corruptData` naming the file when it is not a database, is damaged, is another
    ///   program's database or was written by a newer app version; `.unavailable` when it cannot be
    ///   opened (permissions, a missing directory, a full disk, a lock held past the busy timeout),
    ///   each with the remedy that fits. The file is never changed then.
    public func start() async throws(ServiceError) {
        database.changes.reopen()
        sessionChanges.reopen()  // part of: authentication
        await integrity.record([])
        let foundUnfinishedLog: Bool
        do {
            foundUnfinishedLog = try await database.open(
                busyTimeoutMilliseconds: busyTimeoutMilliseconds,
                migrator: Migrator(migrations: Migration.all)
            )
        } catch {
            let failure = ServiceError(error, location: configuration.location)
            await lifecycle.failed(failure)
            throw failure
        }
        await lifecycle.started()
        if foundUnfinishedLog {
            let busyTimeoutMilliseconds = busyTimeoutMilliseconds
            let database = database
            let integrity = integrity
            await integrity.track(
                Task.detached(priority: .background) {
                    await integrity.record(database.checkIntegrity(busyTimeoutMilliseconds: busyTimeoutMilliseconds))
                })
        }
    }

    /// Returns once the background integrity check `start()` began (if it began one) has recorded
    /// what it found: for tests, which wait on it instead of polling `health()`.
    func backgroundIntegrityCheckFinished() async {
        await integrity.backgroundCheck?.value
    }

    /// Reads every page of the database (`PRAGMA quick_check`, about 0.35 s per million posts),
    /// records the outcome for `health()`, and throws when the file is damaged. For a maintenance
    /// screen or command; start-up does not wait for it.
    ///
    /// - Throws: `.corruptData` naming the file and the first problems found.
    public func verifyIntegrity() async throws(ServiceError) {
        let problems = database.checkIntegrity(busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        await integrity.record(problems)
        guard problems.isEmpty else {
            throw .corruptData(
                location: configuration.location,
                reason: "the integrity check found: \(problems.joined(separator: "; ")); restore a backup or "
                    + "export what can still be read"
            )
        }
    }

    private var busyTimeoutMilliseconds: Int32 {
        Int32(clamping: configuration.busyTimeout.wholeMilliseconds)
    }

    /// Runs `PRAGMA optimize`, checkpoints the log into the file and closes. Safe to call again.
    public func stop() async {
        database.changes.close()
        sessionChanges.close()  // part of: authentication
        await database.close()
        await lifecycle.stopped()
    }

    /// Checkpoints on entering the background; frees caches on a memory warning.
    public func handle(_ event: LifecycleEvent) async {
        switch event {
        case .didEnterBackground: await database.checkpoint()
        case .didReceiveMemoryWarning: await database.releaseMemory()
        case .willEnterForeground: break
        }
    }

    /// `.notStarted`, `.healthy`, `.failed` (with the start error) or `.stopped`; `.degraded`
    /// naming the damage once an integrity check or a statement met a damaged page.
    public func health() async -> IntegrationHealth {
        let health = await lifecycle.current
        guard health == .healthy else { return health }
        if let problems = await integrity.problems, !problems.isEmpty {
            return .degraded(reason: "\(configuration.location) is damaged: \(problems.joined(separator: "; "))")
        }
        if let damage = await database.damage {
            return .degraded(reason: "\(configuration.location) is damaged: \(damage)")
        }
        return .healthy
    }
}

/// What the last full integrity check found, if one ran, and the check running in the background.
private actor IntegrityState {
    private(set) var problems: [String]?
    private(set) var backgroundCheck: Task<Void, Never>?

    func record(_ problems: [String]) {
        self.problems = problems
    }

    func track(_ check: Task<Void, Never>) {
        backgroundCheck = check
    }
}

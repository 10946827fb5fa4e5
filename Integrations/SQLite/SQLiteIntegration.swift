import Foundation
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
    public let videoLibraryService: SQLiteVideoLibraryService

    private let database: Database
    private let state = HealthState()

    /// Creates the integration; nothing is opened until `start()`.
    public init(configuration: Configuration) {
        self.configuration = configuration
        let database = Database(path: configuration.sqlitePath, location: configuration.location)
        self.database = database
        postService = SQLitePostService(database: database, now: configuration.now)
        userService = SQLiteUserService(database: database, now: configuration.now)
        videoLibraryService = SQLiteVideoLibraryService(database: database)
    }

    /// Opens the database, checks it (`PRAGMA quick_check`) and applies pending migrations.
    ///
    /// - Throws: `.corruptData` naming the file when it is not a database, is damaged, or was
    ///   written by a newer app version; `.unavailable` when it cannot be opened (permissions, a
    ///   missing directory, a lock held past the busy timeout). The file is never changed then.
    public func start() async throws(ServiceError) {
        do {
            try await database.open(
                busyTimeoutMilliseconds: Int32(clamping: configuration.busyTimeout.wholeMilliseconds),
                migrator: Migrator(migrations: Migration.all)
            )
        } catch {
            let failure = error.serviceError(location: configuration.location)
            await state.set(.failed(reason: failure.description))
            throw failure
        }
        await state.set(.healthy)
    }

    /// Runs `PRAGMA optimize`, checkpoints the log into the file and closes. Safe to call again.
    public func stop() async {
        let wasOpen = await database.isOpen
        await database.close()
        if wasOpen { await state.set(.stopped) }
    }

    /// Checkpoints on entering the background; frees caches on a memory warning.
    public func handle(_ event: LifecycleEvent) async {
        switch event {
        case .didEnterBackground: await database.checkpoint()
        case .didReceiveMemoryWarning: await database.releaseMemory()
        case .willEnterForeground: break
        }
    }

    /// `.notStarted`, `.healthy`, `.failed` (with the start error) or `.stopped`.
    public func health() async -> IntegrationHealth {
        await state.health
    }
}

/// The integration's reported health, changed by start and stop.
private actor HealthState {
    private(set) var health: IntegrationHealth = .notStarted

    func set(_ health: IntegrationHealth) {
        self.health = health
    }
}

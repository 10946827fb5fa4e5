import IntegrationSupport
import Services

/// Posts, users and sign-in in one SQLite database, through GRDB (github.com/groue/GRDB.swift): a
/// worked example of a third-party package kept inside one integration.
///
/// Everything that imports GRDB lives in this folder: its records (Models/), the pool, schema and
/// observation (Database/), the mapping of its rows and errors to the app's types (Mapping/). The
/// app sees only the services. `start()` opens the database, refusing a file that is not this
/// integration's (without changing it), and migrates; `stop()` ends observations and closes.
/// Safe to use from any task.
public final class GRDBIntegration: Integration {
    /// `"GRDB"`.
    public let name = "GRDB"
    /// Where it keeps its files and how it stamps and waits.
    public let configuration: Configuration
    /// Posts in the database.
    public let postService: GRDBPostService
    /// Users in the database.
    public let userService: GRDBUserService
    /// Signing in on this device, by handle (no password).
    public let authenticationService: DeviceLocalAuthenticationService

    private let store: Store
    private let sessionChanges = ChangeSignal()
    private let lifecycle = LifecycleHealth()

    /// How many observations are running: 0 once every observer has gone.
    public var observerCount: Int { store.lifetime.observerCount }

    /// Creates the integration; nothing is opened until `start()`.
    public init(configuration: Configuration) {
        self.configuration = configuration
        let store = Store(
            url: configuration.databaseURL, busyTimeout: configuration.busyTimeout,
            crashSwitch: configuration.crashSwitch)
        self.store = store
        postService = GRDBPostService(store: store, now: configuration.now)
        userService = GRDBUserService(store: store, now: configuration.now)
        authenticationService = DeviceLocalAuthenticationService(
            users: userService, slot: configuration.signedInSlot, changes: sessionChanges)
    }

    /// Posts, users and authentication.
    public var services: ServiceSet {
        ServiceSet().adding(.posts, postService).adding(.users, userService)
            .adding(.authentication, authenticationService)
    }

    /// Opens the database and applies the migrations it lacks.
    ///
    /// - Throws: `.corruptData` naming the file when it is not a database, is another program's or
    ///   was written by a newer version (the file is left as it was); `.unavailable` when it cannot
    ///   be opened. Health then reports the failure.
    public func start() async throws(ServiceError) {
        sessionChanges.reopen()
        do {
            try await store.open()
        } catch {
            await lifecycle.failed(error)
            throw error
        }
        await lifecycle.started()
    }

    /// Ends every observation and closes the database. Safe to call again, and without a start.
    public func stop() async {
        sessionChanges.close()
        await store.close()
        await lifecycle.stopped()
    }

    /// Checkpoints on entering the background; frees caches on a memory warning.
    public func handle(_ event: LifecycleEvent) async {
        switch event {
        case .didEnterBackground: await store.checkpoint()
        case .didReceiveMemoryWarning: await store.releaseMemory()
        case .willEnterForeground: break
        }
    }

    /// `.notStarted`, `.healthy`, `.failed` after a failed start, or `.stopped`.
    public func health() async -> IntegrationHealth {
        await lifecycle.current
    }
}

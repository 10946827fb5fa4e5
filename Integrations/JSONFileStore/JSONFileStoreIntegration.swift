import Foundation
import IntegrationSupport
import Models
import Services

/// Posts, users and the video library in one human-readable JSON file: `store.json` in its own
/// directory, pretty-printed with sorted keys so it can be opened, diffed and fixed by hand.
///
/// For small stores (see Docs/Integrations/JSONFileStore.md for where SQLite becomes the better
/// choice). Every change returns once a save holding it is durable (temporary file, fsync, rename,
/// fsync of the directory), and concurrent changes share saves. One process at a time has the
/// store open: `start()` takes an advisory lock on `store.json.lock`. A file it cannot read is
/// refused with the place that is wrong and never overwritten.
///
/// Safe to use from any task.
public final class JSONFileStoreIntegration: Integration {
    /// `"JSON file store"`.
    public let name = "JSON file store"
    /// Where the store lives and its clock.
    public let configuration: Configuration
    /// Posts in the store file.
    public let postService: JSONFileStorePostService
    /// Users in the store file.
    public let userService: JSONFileStoreUserService
    /// The video library in the store file.
    public let videoLibraryService: JSONFileStoreVideoLibraryService
    /// Signing in on this device, by handle (no password).
    public let authenticationService: DeviceLocalAuthenticationService
    private let sessionChanges = ChangeSignal()

    private let session: StoreSession
    private let store: ModelStore
    private let lifecycle = LifecycleHealth()

    /// Creates the integration; nothing is read or locked until `start()`.
    public init(configuration: Configuration) {
        self.configuration = configuration
        let store = ModelStore(now: configuration.now)
        self.store = store
        let session = StoreSession(store: store, configuration: configuration)
        self.session = session
        postService = JSONFileStorePostService(session: session)
        userService = JSONFileStoreUserService(session: session)
        videoLibraryService = JSONFileStoreVideoLibraryService(session: session)
        authenticationService = DeviceLocalAuthenticationService(
            users: userService,
            slot: SignedInSlot(file: configuration.directory.appendingPathComponent("signed-in.json")),
            changes: sessionChanges)
    }

    /// Posts, users, the library and authentication.
    public var services: ServiceSet {
        ServiceSet().adding(.posts, postService).adding(.users, userService).adding(.library, videoLibraryService)
            .adding(.authentication, authenticationService)
    }

    /// How many observations of the store are running: 0 once every observer has gone.
    public var observerCount: Int { store.changes.observerCount }

    /// How many saves (journal appends and snapshots) have been written since `start()`: concurrent
    /// changes share saves.
    public var saveCount: Int {
        get async { await session.saveCount }
    }

    /// Takes the store's lock, removes temporary files a killed save left, and loads `store.json`
    /// and replays `store.journal` over it, migrating an older format in memory (it is written in
    /// the current format by the next snapshot).
    ///
    /// - Throws: `.unavailable` when another process has the store open (naming the lock file) or
    ///   its directory cannot be created; `.corruptData` naming the file and the place that is
    ///   wrong when it is empty, truncated, not JSON, not shaped like a store, or of a newer format.
    ///   The file is never changed then.
    public func start() async throws(ServiceError) {
        store.changes.reopen()
        sessionChanges.reopen()
        do {
            try await session.open()
        } catch {
            store.changes.close()
            sessionChanges.close()
            await lifecycle.failed(error)
            throw error
        }
        await lifecycle.started()
    }

    /// Saves what is not saved yet, folds the journal into `store.json` (a stopped store is one
    /// file), ends every observation and releases the lock. Safe to call more than once, and
    /// without a start.
    public func stop() async {
        store.changes.close()
        sessionChanges.close()
        await session.close()
        await lifecycle.stopped()
    }

    /// Saves what is not saved yet when the app goes to the background.
    public func handle(_ event: LifecycleEvent) async {
        if event == .didEnterBackground { try? await session.flush() }
    }

    /// Saves whatever is not saved yet and returns when it is durable: for shutdown and tests.
    ///
    /// - Throws: the save's error (a full disk); the unsaved changes were rolled back then.
    public func flush() async throws(ServiceError) {
        try await session.flush()
    }

    /// Writes everything into `store.json` now and empties the journal, so the one file holds the
    /// whole store: before copying it while the app runs, or for a tool that reads only that file.
    /// The store does it by itself when the journal outgrows the file, and at `stop()`.
    ///
    /// - Throws: the snapshot's error (a full disk); the files hold what they held then.
    public func compact() async throws(ServiceError) {
        try await session.compact()
    }

    /// `.notStarted`, `.healthy`, `.failed` after a failed start, or `.stopped`.
    public func health() async -> IntegrationHealth {
        await lifecycle.current
    }
}

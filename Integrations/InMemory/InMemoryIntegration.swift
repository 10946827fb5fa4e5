import Foundation
import IntegrationSupport
import Models
import Services

/// The reference implementation of every service, with app models held in memory.
///
/// It serves SwiftUI previews, feature tests and the HTTP dev backend, and it passes every service
/// contract, so the fakes never drift from the real integrations. Nothing survives the process.
/// It holds app models themselves (in a `ModelStore`), so it has no models or mapping of its own.
///
/// Services work as soon as the integration is created; `start()` and `stop()` only move the
/// reported health, and `stop()` empties the store. Safe to use from any task.
public final class InMemoryIntegration: Integration {
    /// `"In-memory"`.
    public let name = "In-memory"
    /// Posts held in memory.
    public let postService: InMemoryPostService
    /// Users held in memory.
    public let userService: InMemoryUserService
    /// The video library held in memory.
    public let videoLibraryService: InMemoryVideoLibraryService  // part of: library
    /// A simulated video host that reads uploads but keeps only metadata.
    public let videoHostingService: InMemoryVideoHostingService  // part of: hosting
    /// Signing in on this device, by handle (no password).
    public let authenticationService: DeviceLocalAuthenticationService  // part of: authentication
    private let sessionChanges = ChangeSignal()  // part of: authentication

    private let store: ModelStore
    /// How many observations of the store are running: 0 once every observer has gone.
    public var observerCount: Int { store.changes.observerCount }
    private let host = InMemoryHost()  // part of: hosting
    private let lifecycle = LifecycleHealth()
    /// The local side of an offline-first integration, over the same posts and users.
    public let replica: InMemoryPostReplica  // part of: OfflineFirst

    /// Creates an empty in-memory integration.
    public init(configuration: Configuration = Configuration()) {
        let store = ModelStore(now: configuration.now)
        self.store = store
        replica = InMemoryPostReplica(store: store)  // part of: OfflineFirst
        postService = InMemoryPostService(store: store)
        userService = InMemoryUserService(store: store)
        videoLibraryService = InMemoryVideoLibraryService(store: store)  // part of: library
        // begin part of: authentication
        authenticationService = DeviceLocalAuthenticationService(
            users: userService, slot: SignedInSlot(), changes: sessionChanges)
        // end part of: authentication
        // begin part of: hosting
        videoHostingService = InMemoryVideoHostingService(
            host: host,
            now: configuration.now,
            elapsed: ElapsedClock(clock: configuration.clock),
            processingTime: configuration.processingTime,
            runningTime: configuration.runningTime
        )
        // end part of: hosting
    }

    /// Every service, each under its key.
    public var services: ServiceSet {
        ServiceSet()
            .adding(.posts, postService)
            .adding(.users, userService)
            .adding(.library, videoLibraryService)  // part of: library
            .adding(.hosting, videoHostingService)  // part of: hosting
            .adding(.authentication, authenticationService)  // part of: authentication
    }

    /// Marks the integration healthy; nothing can fail.
    public func start() async throws(ServiceError) {
        store.changes.reopen()
        sessionChanges.reopen()  // part of: authentication
        await lifecycle.started()
    }

    /// Empties the store, ends every observation and marks the integration stopped.
    public func stop() async {
        store.changes.close()
        sessionChanges.close()  // part of: authentication
        await store.removeAll()
        await host.removeAll()  // part of: hosting
        await lifecycle.stopped()
    }

    /// Nothing to flush or reconnect: memory needs no lifecycle work.
    public func handle(_ event: LifecycleEvent) async {}

    /// `.notStarted`, `.healthy` or `.stopped`.
    public func health() async -> IntegrationHealth {
        await lifecycle.current
    }
}

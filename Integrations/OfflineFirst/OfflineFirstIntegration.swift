import Foundation
import IntegrationSupport
import Services

/// Posts and users served from a local store and kept in sync with a remote one: writes apply
/// locally at once and wait in a durable outbox; the server's changes come down through its
/// change feed. Both sides are given by App (any store with a `PostReplicaService`, any remote
/// with a `PostSyncRemote`); this target imports no other integration.
///
/// Start needs the local side; the remote may be down (the integration then reports degraded and
/// keeps working). See Docs/Integrations/OfflineFirst.md.
public final class OfflineFirstIntegration: SyncingIntegration {
    /// `"Offline-first"`.
    public let name = "Offline-first"
    /// Posts from the local store, synced.
    public let postService: OfflineFirstPostService
    /// Users: local first, else the server's.
    public let userService: OfflineFirstUserService
    /// Sign-in with the server, its user kept locally.
    public let authenticationService: OfflineFirstAuthenticationService
    /// Sync on demand and its status.
    public var syncService: any SyncService { engine }
    private let local: OfflineFirstLocal
    private let remote: OfflineFirstRemote
    private let engine: SyncEngine

    /// Composes `local` and `remote`; nothing starts until `start()`.
    public init(local: OfflineFirstLocal, remote: OfflineFirstRemote, configuration: Configuration = Configuration()) {
        self.local = local
        self.remote = remote
        engine = SyncEngine(local: local, remote: remote, configuration: configuration)
        userService = OfflineFirstUserService(local: local, remote: remote)
        authenticationService = OfflineFirstAuthenticationService(
            remote: remote.authentication, local: local, slot: configuration.signedInSlot, engine: engine)
        postService = OfflineFirstPostService(
            local: local, users: userService, engine: engine, now: configuration.now)
    }

    /// Posts, users, and sign-in with the server (sync acts for whoever is signed in there).
    public var services: ServiceSet {
        ServiceSet().adding(.posts, postService).adding(.users, userService)
            .adding(.authentication, authenticationService)
    }

    /// Starts the local store (required), then the remote (its failure only degrades), then, when
    /// configured, syncing in the background; never waits for a sync.
    public func start() async throws(ServiceError) {
        try await local.integration.start()
        try? await remote.integration.start()
        await engine.start()
    }

    /// Stops syncing, then the remote, then the local store.
    public func stop() async {
        await engine.stop()
        await remote.integration.stop()
        await local.integration.stop()
    }

    /// Passes the event to both sides.
    public func handle(_ event: LifecycleEvent) async {
        await local.integration.handle(event)
        await remote.integration.handle(event)
    }

    /// The local store's health; degraded (still serving) when the remote is not healthy, with
    /// how much waits to be sent.
    public func health() async -> IntegrationHealth {
        let localHealth = await local.integration.health()
        guard case .healthy = localHealth else { return localHealth }
        let remoteHealth = await remote.integration.health()
        let status = await engine.status()
        if case .healthy = remoteHealth, status.lastError == nil { return .healthy }
        let waiting = "\(status.pendingCount) change(s) wait to be sent"
        return .degraded(reason: "working offline: \(status.lastError ?? remoteHealth.description); \(waiting)")
    }
}

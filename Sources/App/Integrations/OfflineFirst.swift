import HTTPBackendIntegration
import IntegrationSupport
import OfflineFirstIntegration
import SQLiteIntegration
import Services

extension IntegrationDescription {
    /// Posts and users served from `offline.sqlite` in the data directory and kept in sync with
    /// the HTTP backend: writes never wait for the network, and reach the server when it is back.
    /// Pick it with `SILO_POSTS=offline-first` (users and sign-in follow posts).
    public static let offlineFirst = IntegrationDescription(
        name: "offline-first", services: [.posts, .users, .authentication],
        settings: [.backendURL, .backendTimeout, .backendTransport],
        startTimeout: .seconds(30)
    ) { context in
        OfflineFirstIntegration(
            store: SQLiteIntegration(configuration: .file(named: "offline.sqlite", in: context.dataDirectory)),
            backend: makeHTTPBackend(context),
            configuration: .init(
                signedInSlot: SignedInSlot(file: context.dataDirectory.appendingPathComponent("offline-signed-in"))))
    }
}

extension OfflineFirstIntegration {
    /// Offline-first over a SQLite store (the device's copy and outbox) and the HTTP backend (the
    /// server), as `offlineFirst` composes it; the benchmarks compose their devices the same way.
    public convenience init(store: SQLiteIntegration, backend: HTTPBackendIntegration, configuration: Configuration) {
        self.init(
            local: OfflineFirstLocal(
                integration: store, posts: store.postService, users: store.userService, replica: store.replica),
            remote: OfflineFirstRemote(
                integration: backend, users: backend.userService, authentication: backend.authenticationService,
                sync: backend.syncRemote),
            configuration: configuration)
    }
}

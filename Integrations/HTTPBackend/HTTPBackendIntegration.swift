import Foundation
import HTTPSupport
import IntegrationSupport
import Services

/// Posts, users and the video library on the app's own server, over its REST API
/// (Docs/HTTPBackendAPI.md): each endpoint a command in Endpoints/, sent by one client that owns
/// concurrency, coalescing, retries, deadlines, auth and logging (Transport/, Auth/).
///
/// Start probes the backend: when it cannot be reached the integration comes up degraded (not
/// failed) and its calls fail with `.unavailable` until the backend is back. Safe to use from any task.
public final class HTTPBackendIntegration: Integration {
    /// `"HTTP backend"`.
    public let name = "HTTP backend"
    /// Where the backend is and how the client talks to it.
    public let configuration: Configuration
    /// Posts on the backend.
    public let postService: HTTPBackendPostService
    /// Users on the backend.
    public let userService: HTTPBackendUserService
    /// The video library on the backend.
    public let videoLibraryService: HTTPBackendVideoLibraryService
    /// Accounts on the backend: sign-up, sign-in with a password, sign-out.
    public let authenticationService: HTTPBackendAuthenticationService
    /// The server side of an offline-first integration: sends its outbox, reads the change feed.
    public let syncRemote: HTTPBackendSyncRemote  // part of: OfflineFirst

    private let client: HTTPClient
    /// The sessions of the device's users, and their renewal.
    let sessions: SessionKeeper
    private let changes = ChangeSignal()
    private let sessionChanges: ChangeSignal
    private let state = StartState()

    /// Creates the integration; nothing is sent until `start()`.
    public init(configuration: Configuration) {
        self.configuration = configuration
        let sessionChanges = ChangeSignal()
        self.sessionChanges = sessionChanges
        let sessions = SessionKeeper(
            file: CredentialFile(url: configuration.credentialsFile), missingSession: configuration.missingSession,
            // Another client's refresh is one attempt (a POST is not retried), then a save.
            clock: configuration.clock, renewalWait: configuration.attemptTimeout * 2,
            diagnostics: configuration.diagnostics, sessionEnded: { sessionChanges.notify() })
        let client = HTTPClient(configuration: configuration.client, tokens: sessions)
        self.client = client
        self.sessions = sessions
        let connection = BackendConnection(
            client: client, sessions: sessions, changes: changes, baseURL: configuration.baseURL.absoluteString)
        postService = HTTPBackendPostService(connection: connection)
        userService = HTTPBackendUserService(connection: connection)
        videoLibraryService = HTTPBackendVideoLibraryService(connection: connection)
        syncRemote = HTTPBackendSyncRemote(connection: connection)  // part of: OfflineFirst
        authenticationService = HTTPBackendAuthenticationService(
            connection: connection, sessionChanges: sessionChanges)
        ChangeFeedWatch.install(
            on: changes, client: client, interval: configuration.changePollInterval,
            time: ElapsedClock(clock: configuration.clock))
    }

    /// Posts, users, the library and authentication.
    public var services: ServiceSet {
        ServiceSet().adding(.posts, postService).adding(.users, userService).adding(.library, videoLibraryService)
            .adding(.authentication, authenticationService)
    }

    /// How many observations are running: 0 once every observer has gone.
    public var observerCount: Int { changes.observerCount }

    /// How many refreshes were sent: concurrent 401s share one.
    public var sessionRenewalCount: Int {
        get async { await sessions.renewalCount }
    }

    /// Checks the configuration, loads saved sessions and probes `GET /v1/health`.
    ///
    /// - Throws: `.invalidInput` (field `"baseURL"`) for a URL that is not http(s), or plain http
    ///   to a host that is not loopback; `.corruptData` naming the credentials file when it is not
    ///   one this integration wrote, `.unavailable` naming it when it cannot be read. An
    ///   unreachable backend is not an error: health says degraded.
    public func start() async throws(ServiceError) {
        do {
            try configuration.validate()
            try await sessions.load()
        } catch {
            await state.set(.failed(reason: error.description))
            throw error
        }
        changes.reopen()
        sessionChanges.reopen()
        await state.set(await probe())
    }

    /// Cancels every request in flight, refuses new ones and ends every observation; the
    /// integration does not start again (make a new one). Safe to call more than once.
    public func stop() async {
        changes.close()
        sessionChanges.close()
        await client.close()
        await state.stopped()
    }

    /// Nothing to flush: every change is sent when it is made.
    public func handle(_ event: LifecycleEvent) async {}

    /// `.healthy` when the backend answers its health probe now, `.degraded` naming what failed
    /// when it does not, `.failed` after a failed start, `.notStarted` or `.stopped`.
    public func health() async -> IntegrationHealth {
        guard await state.current.isServing else { return await state.current }
        let health = await probe()
        await state.set(health)
        return health
    }

    private func probe() async -> IntegrationHealth {
        do {
            try await client.perform(Operations.GetHealth())
            return .healthy
        } catch {
            let failure = ServiceError(backend: error, operation: "\(Operations.GetHealth.operation)")
            return .degraded(reason: "\(configuration.baseURL.absoluteString) is not answering (\(failure))")
        }
    }
}

/// The integration's lifecycle state. Once stopped it stays stopped: a probe that was running
/// when `stop()` came cannot make it healthy again.
private actor StartState {
    private(set) var current: IntegrationHealth = .notStarted
    private var isStopped = false

    /// Records `health` unless the integration was stopped meanwhile.
    func set(_ health: IntegrationHealth) {
        if !isStopped { current = health }
    }

    func stopped() {
        isStopped = true
        if current.isServing { current = .stopped }
    }
}

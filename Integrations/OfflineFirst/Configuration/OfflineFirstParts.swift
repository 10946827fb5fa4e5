import Services

/// The local side an offline-first integration serves from: a store integration's posts, users
/// and replica, all over the same data.
public struct OfflineFirstLocal: Sendable {
    /// The store integration; started first and stopped last.
    public let integration: any Integration
    /// Its posts: what the app reads.
    public let posts: any PostService
    /// Its users: what the app reads.
    public let users: any UserService
    /// Its replica: where local changes and the outbox are written.
    public let replica: any PostReplicaService

    /// Names the parts of the local side.
    public init(
        integration: any Integration, posts: any PostService, users: any UserService, replica: any PostReplicaService
    ) {
        self.integration = integration
        self.posts = posts
        self.users = users
        self.replica = replica
    }
}

/// The remote side an offline-first integration syncs with: the server's users, sign-in, and its
/// sync endpoints.
public struct OfflineFirstRemote: Sendable {
    /// The remote integration; the app runs while it is down.
    public let integration: any Integration
    /// The server's users: made and renamed there (handles are unique server-wide).
    public let users: any UserService
    /// Signing in with the server; sync acts for whoever is signed in.
    public let authentication: any AuthenticationService
    /// Sends the outbox and reads the change feed.
    public let sync: any PostSyncRemote

    /// Names the parts of the remote side.
    public init(
        integration: any Integration, users: any UserService, authentication: any AuthenticationService,
        sync: any PostSyncRemote
    ) {
        self.integration = integration
        self.users = users
        self.authentication = authentication
        self.sync = sync
    }
}

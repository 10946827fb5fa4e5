// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import Models

/// What an offline-first integration has and has not sent: for the user to see.
public struct SyncStatus: Hashable, Sendable {
    /// Posts whose publish waits to be sent.
    public var pendingPosts: Set<Post.ID>
    /// How many commands (publishes and deletes) wait to be sent.
    public var pendingCount: Int
    /// Posts whose publish the server refused, with its reason.
    public var failedPosts: [Post.ID: String]
    /// How many commands (publishes and deletes) the server refused and the outbox keeps.
    public var failedCount = 0
    /// When a sync last reached the server and sent everything it could.
    public var lastSuccess: Date?
    /// Why the last sync stopped short, or `nil` when it did not.
    public var lastError: String?
    /// Whether sync waits for someone to sign in (the server said 401); the outbox is kept.
    public var isPausedForSignIn: Bool
    /// Commands the server confirmed since the integration started, by any sync.
    public var sentSinceStart = 0
    /// Changes brought down since the integration started, by any sync.
    public var receivedSinceStart = 0
    /// What the server refused since the integration started, by any sync, each as
    /// "post id: reason".
    public var refusedSinceStart: [String] = []

    /// Creates a status.
    public init(
        pendingPosts: Set<Post.ID> = [], pendingCount: Int = 0, failedPosts: [Post.ID: String] = [:],
        lastSuccess: Date? = nil, lastError: String? = nil, isPausedForSignIn: Bool = false
    ) {
        self.pendingPosts = pendingPosts
        self.pendingCount = pendingCount
        self.failedPosts = failedPosts
        self.lastSuccess = lastSuccess
        self.lastError = lastError
        self.isPausedForSignIn = isPausedForSignIn
    }
}

/// What one sync did.
public struct SyncReport: Hashable, Sendable {
    /// Commands the server confirmed.
    public var sent = 0
    /// Commands the server refused; they are kept as failed.
    public var refused: [String] = []
    /// Changes brought down from the server.
    public var received = 0
    /// Why the sync stopped before it was done (the server unreachable, sign-in needed), if it did.
    public var stoppedBecause: String?

    /// Creates an empty report.
    public init() {}

    /// Whether everything was sent and nothing refused.
    public var isClean: Bool { refused.isEmpty && stoppedBecause == nil }
}

/// Syncing on demand and what it has done: offered by an integration that keeps a local copy.
public protocol SyncService: Sendable {
    /// Sends every queued command it can, then reads the server's changes once, and reports.
    func syncNow() async -> SyncReport

    /// The status now.
    func status() async -> SyncStatus

    /// The status now, then after every change to it.
    func observeStatus() -> ServiceObservation<SyncStatus>
}

/// An integration that keeps a local copy and syncs it: the app finds its `SyncService` here.
public protocol SyncingIntegration: Integration {
    /// Sync on demand and its status.
    var syncService: any SyncService { get }
}

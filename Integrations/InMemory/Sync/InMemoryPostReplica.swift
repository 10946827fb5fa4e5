// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import IntegrationSupport
import Models
import Services

/// The local side of an offline-first integration, held in memory in the integration's own
/// store, so its post and user services read what it writes. For tests and previews: nothing
/// survives the process. Get it from `InMemoryIntegration.replica`. Every call is one step of the
/// store (`ModelStore+Outbox.swift`), so none sees another half done.
public struct InMemoryPostReplica: PostReplicaService {
    let store: ModelStore

    /// Applies and queues `operation`; see `PostReplicaService.record(_:key:)`.
    public func record(_ operation: OutboxCommand.Operation, key: String) async throws(ServiceError)
        -> OutboxCommand
    {
        try await store.record(operation, key: key)
    }

    /// Marks a queued command attempted; see `PostReplicaService.markAttempted(_:)`.
    public func markAttempted(_ id: OutboxCommand.ID) async -> Bool {
        await store.markAttempted(id)
    }

    /// Every queued command, oldest first.
    public func outbox() async -> [OutboxCommand] {
        await store.outbox()
    }

    /// Removes a confirmed command; see `PostReplicaService.complete(_:confirmed:)`.
    @discardableResult
    public func complete(_ id: OutboxCommand.ID, confirmed: Post?) async throws(ServiceError) -> Bool {
        try await store.complete(id, confirmed: confirmed)
    }

    /// Marks a refused command as failed; see `PostReplicaService.fail(_:reason:)`.
    public func fail(_ id: OutboxCommand.ID, reason: String) async {
        await store.fail(id, reason: reason)
    }

    /// Applies the server's changes; see `PostReplicaService.apply(_:authorID:)`.
    public func apply(_ batch: PostChangeBatch, authorID: User.ID) async throws(ServiceError) {
        try await store.apply(batch, authorID: authorID)
    }

    /// The cursor last applied for `authorID`.
    public func cursor(authorID: User.ID) async -> String? {
        await store.cursor(authorID: authorID)
    }

    /// Keeps `user` as the server knows them.
    public func save(_ user: User) async throws(ServiceError) {
        try await store.save(user)
    }
}

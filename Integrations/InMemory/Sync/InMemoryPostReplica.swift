import IntegrationSupport
import Models
import Services

/// The local side of an offline-first integration, held in memory over the integration's own
/// store, so its post and user services read what it writes. For tests and previews: nothing
/// survives the process. Get it from `InMemoryIntegration.replica`. Its changes (record, complete,
/// apply) take turns, so none sees the store between another's steps; reads do not wait for them.
public actor InMemoryPostReplica: PostReplicaService {
    private let store: ModelStore
    private var commands: [OutboxCommand] = []
    private var nextID: Int64 = 1
    private var cursors: [User.ID: String] = [:]
    private let turns = Turns()

    init(store: ModelStore) {
        self.store = store
    }

    /// Applies and queues `operation`; see `PostReplicaService.record(_:key:)`.
    public func record(_ operation: OutboxCommand.Operation, key: String) async throws(ServiceError)
        -> OutboxCommand
    {
        try await turns.inTurn { () async throws(ServiceError) -> OutboxCommand in
            switch operation {
            case .publish(let post):
                try await store.insert(post)
            case .delete(let postID, let authorID):
                try await store.deletePost(id: postID, by: authorID)
                commands.removeAll { $0.isPublish(of: postID) }
            }
            let command = OutboxCommand(id: nextID, key: key, operation: operation)
            nextID += 1
            commands.append(command)
            return command
        }
    }

    /// Every queued command, oldest first.
    public func outbox() -> [OutboxCommand] { commands }

    /// Removes a confirmed command; see `PostReplicaService.complete(_:confirmed:)`.
    public func complete(_ id: OutboxCommand.ID, confirmed: Post?) async throws(ServiceError) {
        try await turns.inTurn { () async throws(ServiceError) in
            guard let index = commands.firstIndex(where: { $0.id == id }) else { return }
            let command = commands.remove(at: index)
            if let confirmed, confirmed.id == command.operation.postID,
                (try? await store.post(id: confirmed.id)) != nil
            {
                try await store.save(confirmed)
            }
        }
    }

    /// Marks a refused command as failed; see `PostReplicaService.fail(_:reason:)`.
    public func fail(_ id: OutboxCommand.ID, reason: String) {
        guard let index = commands.firstIndex(where: { $0.id == id }) else { return }
        let command = commands[index]
        commands[index] = OutboxCommand(id: command.id, key: command.key, operation: command.operation, failure: reason)
    }

    /// Applies the server's changes; see `PostReplicaService.apply(_:authorID:)`.
    public func apply(_ batch: PostChangeBatch, authorID: User.ID) async throws(ServiceError) {
        try await turns.inTurn { () async throws(ServiceError) in try await applyInTurn(batch, authorID: authorID) }
    }

    private func applyInTurn(_ batch: PostChangeBatch, authorID: User.ID) async throws(ServiceError) {
        _ = try await store.user(id: authorID)
        let deleting = Set(commands.compactMap { $0.deletedPostID })
        let unconfirmed = Set(commands.compactMap { $0.publishedPostID })
        var seen = Set<Post.ID>()
        for change in batch.changes {
            switch change {
            case .saved(let post) where post.authorID == authorID && !deleting.contains(post.id):
                seen.insert(post.id)
                try await store.save(post)
            case .saved(let post):
                seen.insert(post.id)
            case .deleted(let id):
                await store.removePost(id: id)
                commands.removeAll { $0.isPublish(of: id) }
            }
        }
        if batch.isSnapshot {
            for id in await store.postIDs(of: authorID) where !seen.contains(id) && !unconfirmed.contains(id) {
                await store.removePost(id: id)
            }
        }
        cursors[authorID] = batch.cursor
    }

    /// The cursor last applied for `authorID`.
    public func cursor(authorID: User.ID) -> String? { cursors[authorID] }

    /// Keeps `user` as the server knows them.
    public func save(_ user: User) async throws(ServiceError) {
        try await store.save(user)
    }
}

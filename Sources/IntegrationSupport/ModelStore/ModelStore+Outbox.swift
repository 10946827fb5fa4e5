// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Models
import Services

/// What a store keeps as a device's copy for an offline-first integration, beside its posts and
/// users: the commands not yet confirmed, oldest first, and where each author's change feed was
/// last read.
struct OutboxState: Sendable {
    var commands: [OutboxCommand] = []
    var nextID: Int64 = 1
    var cursors: [User.ID: String] = [:]
    /// Taken publishes a snapshot did not list: once one is answered, its author is relisted.
    var unlisted: Set<OutboxCommand.ID> = []
    /// Authors whose next read must be a whole listing (`cursor(authorID:)` is `nil` until one).
    var relisting: Set<User.ID> = []
}

/// The `PostReplicaService` rules over the store's own posts: each method runs without
/// suspending, so a change and its command, or a batch of the server's changes, land as one step
/// that no other change sees half done.
extension ModelStore {
    /// Applies and queues `operation`; see `PostReplicaService.record(_:key:)`.
    public func record(_ operation: OutboxCommand.Operation, key: String) throws(ServiceError) -> OutboxCommand {
        switch operation {
        case .publish(let post):
            try insert(post)
        case .delete(let postID, let authorID):
            try deletePost(id: postID, by: authorID)
            outboxState.commands.removeAll { $0.isPublish(of: postID) && (!$0.isAttempted || $0.failure != nil) }
        }
        let command = OutboxCommand(id: outboxState.nextID, key: key, operation: operation)
        outboxState.nextID += 1
        outboxState.commands.append(command)
        return command
    }

    /// Marks a queued command attempted; see `PostReplicaService.markAttempted(_:)`.
    public func markAttempted(_ id: OutboxCommand.ID) -> Bool {
        guard let index = outboxState.commands.firstIndex(where: { $0.id == id && $0.failure == nil }) else {
            return false
        }
        outboxState.commands[index].isAttempted = true
        return true
    }

    /// Every queued command, oldest first.
    public func outbox() -> [OutboxCommand] {
        outboxState.commands
    }

    /// Removes a confirmed command; see `PostReplicaService.complete(_:confirmed:)`.
    @discardableResult
    public func complete(_ id: OutboxCommand.ID, confirmed: Post?) throws(ServiceError) -> Bool {
        guard let index = outboxState.commands.firstIndex(where: { $0.id == id }) else { return false }
        let command = outboxState.commands.remove(at: index)
        let madeListingDue =
            outboxState.unlisted.remove(id) != nil && outboxState.cursors[command.authorID] != nil
            && outboxState.relisting.insert(command.authorID).inserted
        if let confirmed, confirmed.id == command.operation.postID, posts[confirmed.id] != nil {
            try save(confirmed)
        }
        return madeListingDue
    }

    /// Marks a refused command as failed; see `PostReplicaService.fail(_:reason:)`.
    public func fail(_ id: OutboxCommand.ID, reason: String) {
        guard let index = outboxState.commands.firstIndex(where: { $0.id == id }) else { return }
        if let postID = outboxState.commands[index].publishedPostID,
            outboxState.commands.contains(where: { $0.deletedPostID == postID })
        {
            // Its post is deleted here already: nothing is left to show the refusal on.
            outboxState.commands.remove(at: index)
            return
        }
        outboxState.commands[index].failure = reason
    }

    /// Applies the server's changes; see `PostReplicaService.apply(_:authorID:)`.
    public func apply(_ batch: PostChangeBatch, authorID: User.ID) throws(ServiceError) {
        _ = try user(id: authorID)
        let deleting = Set(outboxState.commands.compactMap { $0.deletedPostID })
        let unconfirmed = Set(outboxState.commands.compactMap { $0.publishedPostID })
        var seen = Set<Post.ID>()
        for change in batch.changes {
            switch change {
            case .saved(let post)
            where post.authorID == authorID && !deleting.contains(post.id)
                && !isHeldByAnotherAuthor(post.id, than: authorID):
                seen.insert(post.id)
                try save(post)
            case .saved(let post):
                seen.insert(post.id)
            case .deleted(let id) where !isHeldByAnotherAuthor(id, than: authorID):
                removePost(id: id)
                outboxState.commands.removeAll { $0.isPublish(of: id) }
            case .deleted:
                break
            }
        }
        if batch.isSnapshot { applySnapshot(seen: seen, unconfirmed: unconfirmed, authorID: authorID) }
        outboxState.cursors[authorID] = batch.cursor
    }

    /// Removes the author's posts a snapshot lacks, except those whose publish waits to be sent;
    /// of these, the ones a sender took are noted as unlisted: on the server and deleted there
    /// since, or not there yet, only a listing read after their answer can say. A whole listing
    /// due is done.
    private func applySnapshot(seen: Set<Post.ID>, unconfirmed: Set<Post.ID>, authorID: User.ID) {
        for id in postIDs(of: authorID) where !seen.contains(id) && !unconfirmed.contains(id) {
            removePost(id: id)
        }
        for command in outboxState.commands
        where command.authorID == authorID && command.isAttempted && command.failure == nil {
            if let postID = command.publishedPostID, !seen.contains(postID) { outboxState.unlisted.insert(command.id) }
        }
        // Commands that left by another way than an answer (refused, cancelled, deleted on the server) go too.
        outboxState.unlisted.formIntersection(outboxState.commands.map(\.id))
        outboxState.relisting.remove(authorID)
    }

    /// Whether the post `id` here is another author's than `authorID`: a post of this device whose
    /// publish the server refused because the id was taken. A change in `authorID`'s feed under
    /// that id is theirs, and leaves this device's post, and its refused command, as they are.
    private func isHeldByAnotherAuthor(_ id: Post.ID, than authorID: User.ID) -> Bool {
        guard let held = try? post(id: id) else { return false }
        return held.authorID != authorID
    }

    /// The cursor last applied for `authorID`, or `nil` while a whole listing is due.
    public func cursor(authorID: User.ID) -> String? {
        outboxState.relisting.contains(authorID) ? nil : outboxState.cursors[authorID]
    }
}

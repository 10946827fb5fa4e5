// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Models

/// A change made on this device that the server has not confirmed yet: what to send, and the
/// idempotency key to send it under, made once when the change was made and kept with it (across
/// retries and restarts), so the server applies it once however often it is sent.
public struct OutboxCommand: Identifiable, Hashable, Sendable {
    /// What the command does on the server.
    public enum Operation: Hashable, Sendable {
        /// Publish the post under its own id (made on the device).
        case publish(Post)
        /// Delete the post, acting for its author.
        case delete(postID: Post.ID, authorID: User.ID)

        /// The post the operation is about.
        public var postID: Post.ID {
            switch self {
            case .publish(let post): post.id
            case .delete(let postID, _): postID
            }
        }
    }

    /// The command's place in the outbox: later commands have larger ids, and they are sent in
    /// that order.
    public let id: Int64
    /// The idempotency key the command is sent under, every time.
    public let key: String
    /// What it does.
    public let operation: Operation
    /// Why the server refused it, once it has: a failed command stays (so the user sees it) and is
    /// never sent again. `nil` while it waits to be sent.
    public var failure: String?
    /// Whether a sender has taken the command to send it (`PostReplicaService.markAttempted(_:)`):
    /// from then on it may have reached the server, answered or not, so a delete of its post no
    /// longer cancels it. `false` while it has only been recorded.
    public var isAttempted: Bool

    /// Creates a command.
    public init(id: Int64, key: String, operation: Operation, failure: String? = nil, isAttempted: Bool = false) {
        self.id = id
        self.key = key
        self.operation = operation
        self.failure = failure
        self.isAttempted = isAttempted
    }
}

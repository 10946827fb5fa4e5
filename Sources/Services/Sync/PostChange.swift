// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Models

/// One change to an author's posts, as the server's change feed reports it.
public enum PostChange: Hashable, Sendable {
    /// The post as the server now holds it.
    case saved(Post)
    /// The post is gone.
    case deleted(Post.ID)
}

/// What one read of the change feed returns: the changes since the cursor asked with, and the
/// cursor to ask with next.
public struct PostChangeBatch: Hashable, Sendable {
    /// The changes, oldest first; one post may appear more than once (the last one counts).
    public var changes: [PostChange]
    /// Where the next read starts.
    public var cursor: String
    /// Whether `changes` is the author's whole feed rather than a difference (the first read, or one
    /// after the server forgot the cursor): posts of the author missing from it are gone.
    public var isSnapshot: Bool

    /// Creates a batch.
    public init(changes: [PostChange], cursor: String, isSnapshot: Bool = false) {
        self.changes = changes
        self.cursor = cursor
        self.isSnapshot = isSnapshot
    }
}

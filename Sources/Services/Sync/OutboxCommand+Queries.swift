// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Models

extension OutboxCommand {
    /// The author the command acts for.
    public var authorID: User.ID {
        switch operation {
        case .publish(let post): post.authorID
        case .delete(_, let authorID): authorID
        }
    }

    /// Whether this is the publish of `postID`.
    public func isPublish(of postID: Post.ID) -> Bool { publishedPostID == postID }

    /// The post this command publishes, if it is a publish.
    public var publishedPostID: Post.ID? {
        if case .publish(let post) = operation { post.id } else { nil }
    }

    /// The post this command deletes, if it is a delete.
    public var deletedPostID: Post.ID? {
        if case .delete(let postID, _) = operation { postID } else { nil }
    }
}

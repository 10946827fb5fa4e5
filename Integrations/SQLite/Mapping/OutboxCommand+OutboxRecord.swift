// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import Models
import Services

extension OutboxCommand {
    /// Creates the command a stored row holds.
    ///
    /// - Throws: `.corruptData` for a publish row missing its text or time (the table's checks
    ///   cannot say that a column is required for one kind only).
    init(_ record: OutboxRecord, location: String) throws(ServiceError) {
        let operation: Operation
        if record.kind == "publish" {
            guard let text = record.text, let createdAt = record.createdAt else {
                throw .corruptData(
                    location: location, reason: "outbox command \(record.id) is a publish without its post")
            }
            operation = .publish(
                try Post(
                    PostRecord(
                        id: record.postID, authorID: record.authorID, text: text, createdAt: createdAt,
                        videoID: record.videoID)))
        } else {
            operation = .delete(postID: Post.ID(record.postID), authorID: User.ID(record.authorID))
        }
        self.init(
            id: record.id, key: record.key, operation: operation, failure: record.failure,
            isAttempted: record.attempted)
    }
}

extension OutboxRecord {
    /// The row that queues `operation` under `key`.
    init(_ operation: OutboxCommand.Operation, key: String) {
        switch operation {
        case .publish(let post):
            self.init(
                key: key, kind: "publish", postID: post.id.rawValue, authorID: post.authorID.rawValue,
                post: PostRecord(post))
        case .delete(let postID, let authorID):
            self.init(key: key, kind: "delete", postID: postID.rawValue, authorID: authorID.rawValue, post: nil)
        }
    }
}

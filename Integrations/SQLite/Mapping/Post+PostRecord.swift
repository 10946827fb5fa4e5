import Foundation
import Models
import Services

extension Post {
    /// Creates the app's post from a stored row.
    ///
    /// Every column of a post row maps to a valid value, so this cannot fail today; it keeps the
    /// throwing shape of the other mappings so a future column can be checked here.
    init(_ record: PostRecord) throws(ServiceError) {
        self.init(
            id: Post.ID(record.id),
            authorID: User.ID(record.authorID),
            text: record.text,
            createdAt: Date(millisecondsSince1970: record.createdAt),
            videoID: record.videoID.map { Video.ID($0) }
        )
    }
}

extension PostRecord {
    /// Creates the row that stores `post`.
    init(_ post: Post) {
        self.init(
            id: post.id.rawValue,
            authorID: post.authorID.rawValue,
            text: post.text,
            createdAt: post.createdAt.millisecondsSince1970,
            videoID: post.videoID?.rawValue
        )
    }
}

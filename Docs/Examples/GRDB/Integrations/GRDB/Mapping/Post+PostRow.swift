import Foundation
import Models

extension Post {
    /// Creates the app's post from a stored row. Every column maps to a valid value.
    init(_ row: PostRow) {
        self.init(
            id: Post.ID(row.id),
            authorID: User.ID(row.authorID),
            text: row.text,
            createdAt: Date(millisecondsSince1970: row.createdAt),
            videoID: row.videoID.map { Video.ID($0) }
        )
    }
}

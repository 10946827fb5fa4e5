import Foundation
import Models

/// A post on the wire: the text is `body`, the author `author_id`.
struct WirePost: Codable, Sendable {
    var id: String
    var authorID: String
    var body: String
    var videoID: String?
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, body
        case authorID = "author_id"
        case videoID = "video_id"
        case createdAt = "created_at"
    }

    init(_ post: Post) {
        id = post.id.rawValue
        authorID = post.authorID.rawValue
        body = post.text
        videoID = post.videoID?.rawValue
        createdAt = post.createdAt
    }
}

/// The body of `POST /v1/posts`: the author is the signed-in user.
struct NewPostRequest: Codable, Sendable {
    /// The id the client made for the post, if it makes its own.
    var id: String?
    var body: String
    var videoID: String?
    /// When the post was written, if before this request (an offline device's); never after the
    /// server's now.
    var createdAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, body
        case videoID = "video_id"
        case createdAt = "created_at"
    }
}

import Foundation
import Models

/// `POST /v1/posts`: publishes a post as the signed-in author.
struct PublishPost: Endpoint {
    let authorID: User.ID
    let text: String
    let videoID: Video.ID?
    /// The id the client made for the post, or `nil` for the backend to make one.
    var postID: Post.ID?
    /// When the post was written, when that was before this request (an offline device's post).
    var createdAt: Date?

    var method: HTTPMethod { .post }
    var route: String { "/v1/posts" }
    var path: String { "/v1/posts" }
    var parameters: (any Encodable & Sendable)? {
        NewPostParameters(id: postID?.rawValue, body: text, videoID: videoID?.rawValue, createdAt: createdAt)
    }
    var actingUser: User.ID? { authorID }

    typealias Response = PostDTO
}

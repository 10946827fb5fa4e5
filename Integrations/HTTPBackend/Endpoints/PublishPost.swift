import Foundation
import HTTPSupport
import Models

/// `publishPost`, `POST /v1/posts`: publishes a post as the signed-in author.
struct PublishPost: Endpoint {
    static let operation = APIOperation("publishPost", .post, "/v1/posts", success: [201])

    let authorID: User.ID
    let text: String
    let videoID: Video.ID?
    /// The id the client made for the post, or `nil` for the backend to make one.
    var postID: Post.ID?
    /// When the post was written, when that was before this request (an offline device's post).
    var createdAt: Date?

    var parameters: (any Encodable & Sendable)? {
        Body(id: postID?.rawValue, body: text, videoID: videoID?.rawValue, createdAt: createdAt)
    }
    var actingUser: User.ID? { authorID }

    typealias Response = PostDTO

    /// The JSON body: the author is whoever signs the request.
    struct Body: Encodable, Sendable {
        var id: String?
        var body: String
        var videoID: String?
        var createdAt: Date?

        enum CodingKeys: String, CodingKey {
            case id, body
            case videoID = "video_id"
            case createdAt = "created_at"
        }
    }
}

import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `getPost`, `GET /v1/posts/{post_id}`: one post (public).
    struct GetPost: Endpoint {
        static let operation = APIOperation("getPost", .get, "/v1/posts/{post_id}", success: [200])

        let postID: Post.ID

        var pathParameters: [String: String] { ["post_id": postID.rawValue] }

        typealias Response = Schemas.Post
    }
}

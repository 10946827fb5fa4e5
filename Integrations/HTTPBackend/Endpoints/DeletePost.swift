import HTTPSupport
import Models

extension Operations {
    /// `deletePost`, `DELETE /v1/posts/{post_id}`: deletes a post; only its author may (403 otherwise).
    struct DeletePost: Endpoint {
        static let operation = APIOperation("deletePost", .delete, "/v1/posts/{post_id}", success: [204])

        let postID: Post.ID
        let actorID: User.ID

        var pathParameters: [String: String] { ["post_id": postID.rawValue] }
        var actingUser: User.ID? { actorID }

        typealias Response = Void
    }
}

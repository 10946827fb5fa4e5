import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `publishPost`, `POST /v1/posts`: publishes a draft as its author, who signs the request.
    struct PublishPost: Endpoint {
        static let operation = APIOperation("publishPost", .post, "/v1/posts", success: [201])

        /// What to publish; with an `id` and `createdAt` when the client made the post earlier (an
        /// offline device does).
        let draft: PostDraft

        var parameters: (any Encodable & Sendable)? { Schemas.NewPost(draft) }
        var actingUser: User.ID? { draft.authorID }

        typealias Response = Schemas.Post
    }
}

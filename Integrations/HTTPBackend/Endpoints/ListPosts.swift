import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `listPosts`, `GET /v1/users/{user_id}/posts`: one page of an author's posts, newest first
    /// (public).
    struct ListPosts: Endpoint {
        static let operation = APIOperation("listPosts", .get, "/v1/users/{user_id}/posts", success: [200])

        let authorID: User.ID
        let page: PageRequest

        var pathParameters: [String: String] { ["user_id": authorID.rawValue] }
        var parameters: (any Encodable & Sendable)? { PageQuery(page) }

        typealias Response = Schemas.PostPage
    }
}

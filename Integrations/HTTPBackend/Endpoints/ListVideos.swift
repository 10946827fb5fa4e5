import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `listVideos`, `GET /v1/users/{user_id}/videos`: one page of the signed-in owner's saved videos,
    /// newest first.
    struct ListVideos: Endpoint {
        static let operation = APIOperation("listVideos", .get, "/v1/users/{user_id}/videos", success: [200])

        let ownerID: User.ID
        let page: PageRequest

        var pathParameters: [String: String] { ["user_id": ownerID.rawValue] }
        var parameters: (any Encodable & Sendable)? { PageQuery(page) }
        var actingUser: User.ID? { ownerID }

        typealias Response = Schemas.VideoPage
    }
}

import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `getUser`, `GET /v1/users/{user_id}`: one user (public).
    struct GetUser: Endpoint {
        static let operation = APIOperation("getUser", .get, "/v1/users/{user_id}", success: [200])

        let userID: User.ID

        var pathParameters: [String: String] { ["user_id": userID.rawValue] }

        typealias Response = Schemas.User
    }
}

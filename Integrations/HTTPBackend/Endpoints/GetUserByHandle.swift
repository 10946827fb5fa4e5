import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `getUserByHandle`, `GET /v1/handles/{handle}`: the user with a handle, in any letter case
    /// (public).
    struct GetUserByHandle: Endpoint {
        static let operation = APIOperation("getUserByHandle", .get, "/v1/handles/{handle}", success: [200])

        let handle: String

        var pathParameters: [String: String] { ["handle": handle] }

        typealias Response = Schemas.User
    }
}

import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `updateDisplayName`, `PATCH /v1/users/{user_id}`: changes the signed-in user's display name.
    struct UpdateDisplayName: Endpoint {
        static let operation = APIOperation("updateDisplayName", .patch, "/v1/users/{user_id}", success: [200])

        let userID: User.ID
        let displayName: String

        var pathParameters: [String: String] { ["user_id": userID.rawValue] }
        var parameters: (any Encodable & Sendable)? { Schemas.DisplayNameChange(displayName: displayName) }
        var actingUser: User.ID? { userID }

        typealias Response = Schemas.User
    }
}

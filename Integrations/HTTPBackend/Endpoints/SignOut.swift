import HTTPSupport
import Models

extension Operations {
    /// `signOut`, `DELETE /v1/sessions/current`: ends the session that signs it, on the server, at once.
    struct SignOut: Endpoint {
        static let operation = APIOperation("signOut", .delete, "/v1/sessions/current", success: [204])

        let userID: User.ID

        var actingUser: User.ID? { userID }

        typealias Response = Void
    }
}

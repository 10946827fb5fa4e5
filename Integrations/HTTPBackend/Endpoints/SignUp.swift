import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `signUp`, `POST /v1/accounts`: signs a new user up, and in (public). Without a password it makes
    /// a device account: only the session in the answer acts for it.
    struct SignUp: Endpoint {
        static let operation = APIOperation("signUp", .post, "/v1/accounts", success: [201])

        let handle: String
        let displayName: String
        let password: Password?

        var parameters: (any Encodable & Sendable)? {
            Schemas.NewAccount(handle: handle, displayName: displayName, password: password?.text)
        }

        typealias Response = Schemas.Account
    }
}

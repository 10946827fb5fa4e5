import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `signIn`, `POST /v1/sessions`: signs in with a handle and password: an access token and a
    /// refresh token.
    struct SignIn: Endpoint {
        static let operation = APIOperation("signIn", .post, "/v1/sessions", success: [201])

        let handle: Handle
        let password: Password

        var parameters: (any Encodable & Sendable)? { Schemas.SignIn(handle: handle.rawValue, password: password.text) }

        typealias Response = Schemas.Session
    }
}

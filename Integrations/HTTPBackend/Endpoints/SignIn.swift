import HTTPSupport
import Models

/// `signIn`, `POST /v1/sessions`: signs in with a handle and password: an access token and a
/// refresh token.
struct SignIn: Endpoint {
    static let operation = APIOperation("signIn", .post, "/v1/sessions", success: [201])

    let handle: Handle
    let password: Password

    var parameters: (any Encodable & Sendable)? { Body(handle: handle.rawValue, password: password.text) }

    typealias Response = SessionDTO

    /// The JSON body.
    struct Body: Encodable, Sendable {
        var handle: String
        var password: String
    }
}

import Models

/// `POST /v1/sessions`: signs in with a handle and password: an access token and a refresh token.
struct SignIn: Endpoint {
    let handle: Handle
    let password: Password

    var method: HTTPMethod { .post }
    var route: String { "/v1/sessions" }
    var path: String { "/v1/sessions" }
    var parameters: (any Encodable & Sendable)? {
        SignInParameters(handle: handle.rawValue, password: password.text)
    }

    typealias Response = SessionDTO
}

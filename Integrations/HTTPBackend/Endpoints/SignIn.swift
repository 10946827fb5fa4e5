import Models

/// `POST /v1/sessions`: signs a user in: an access token and a refresh token.
struct SignIn: Endpoint {
    let userID: User.ID

    var method: HTTPMethod { .post }
    var route: String { "/v1/sessions" }
    var path: String { "/v1/sessions" }
    var parameters: (any Encodable & Sendable)? { SignInParameters(userID: userID.rawValue) }

    typealias Response = SessionDTO
}

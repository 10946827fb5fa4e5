/// A signed-in session: a short-lived access token and the refresh token that renews it.
struct WireSession: Codable, Sendable {
    var userID: String
    var accessToken: String
    var refreshToken: String
    var tokenType = "Bearer"
    var expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
    }
}

/// The body of `POST /v1/sessions`: who signs in, and their password.
struct SignInRequest: Codable, Sendable {
    var handle: String
    var password: String
}

/// The body of `POST /v1/sessions/refresh`.
struct RefreshRequest: Codable, Sendable {
    var refreshToken: String

    enum CodingKeys: String, CodingKey {
        case refreshToken = "refresh_token"
    }
}

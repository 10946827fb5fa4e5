/// A session the API hands out on sign-in and refresh.
struct SessionDTO: Decodable, Sendable {
    var userID: String
    var accessToken: String
    var refreshToken: String
    var expiresIn: Int

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case expiresIn = "expires_in"
    }
}

/// What `POST /v1/accounts` answers: the new user, and their session.
struct AccountDTO: Decodable, Sendable {
    var user: UserDTO
    var session: SessionDTO
}

extension Schemas {
    /// `Session`: a signed-in session, a short-lived access token and the refresh token that
    /// renews it once.
    public struct Session: Codable, Sendable, Equatable {
        /// Who is signed in.
        public var userID: String
        /// Sent as `Authorization: Bearer <access_token>`.
        public var accessToken: String
        /// Works once, in `refreshSession`.
        public var refreshToken: String
        /// Always `Bearer`.
        public var tokenType: String
        /// Seconds until the access token expires.
        public var expiresIn: Int

        /// Creates a session body.
        public init(
            userID: String, accessToken: String, refreshToken: String, tokenType: String = "Bearer", expiresIn: Int
        ) {
            self.userID = userID
            self.accessToken = accessToken
            self.refreshToken = refreshToken
            self.tokenType = tokenType
            self.expiresIn = expiresIn
        }

        enum CodingKeys: String, CodingKey {
            case userID = "user_id"
            case accessToken = "access_token"
            case refreshToken = "refresh_token"
            case tokenType = "token_type"
            case expiresIn = "expires_in"
        }
    }

    /// `SignIn`: the body of `signIn`.
    public struct SignIn: Codable, Sendable, Equatable {
        /// Who signs in.
        public var handle: String
        /// Their password, exactly as typed.
        public var password: String

        /// Creates the body.
        public init(handle: String, password: String) {
            self.handle = handle
            self.password = password
        }
    }

    /// `Refresh`: the body of `refreshSession`.
    public struct Refresh: Codable, Sendable, Equatable {
        /// The refresh token to trade (used up by the trade).
        public var refreshToken: String

        /// Creates the body.
        public init(refreshToken: String) {
            self.refreshToken = refreshToken
        }

        enum CodingKeys: String, CodingKey {
            case refreshToken = "refresh_token"
        }
    }
}

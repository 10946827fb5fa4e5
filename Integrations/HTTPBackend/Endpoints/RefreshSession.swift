import BackendAPI
import HTTPSupport

extension Operations {
    /// `refreshSession`, `POST /v1/sessions/refresh`: trades a refresh token (used up) for a new
    /// session.
    struct RefreshSession: Endpoint {
        static let operation = APIOperation("refreshSession", .post, "/v1/sessions/refresh", success: [200])

        let refreshToken: String

        var parameters: (any Encodable & Sendable)? { Schemas.Refresh(refreshToken: refreshToken) }

        typealias Response = Schemas.Session
    }
}

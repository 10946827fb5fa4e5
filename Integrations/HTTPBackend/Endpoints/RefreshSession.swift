import Models

/// `POST /v1/sessions/refresh`: trades a refresh token (used up) for a new session.
struct RefreshSession: Endpoint {
    let refreshToken: String

    var method: HTTPMethod { .post }
    var route: String { "/v1/sessions/refresh" }
    var path: String { "/v1/sessions/refresh" }
    var parameters: (any Encodable & Sendable)? { RefreshParameters(refreshToken: refreshToken) }

    typealias Response = SessionDTO
}

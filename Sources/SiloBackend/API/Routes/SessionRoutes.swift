import Models

/// `POST /v1/sessions` (sign in) and `POST /v1/sessions/refresh`.
///
/// A development backend: signing in needs only the user id. A real backend checks a password or
/// a federated identity here; the tokens and the refresh flow stay the same.
enum SessionRoutes {
    static let all: [Route] = [
        Route("POST", "/v1/sessions") { context throws(APIFailure) in
            let request = try context.body(SignInRequest.self)
            guard !request.userID.isEmpty else {
                throw APIFailure(422, .invalidInput, "user_id must not be empty", field: "user_id")
            }
            let session = await context.backend.sessions.signIn(User.ID(request.userID))
            return .json(201, WireCoding.encode(session))
        },
        Route("POST", "/v1/sessions/refresh") { context throws(APIFailure) in
            let request = try context.body(RefreshRequest.self)
            guard let session = await context.backend.sessions.refresh(request.refreshToken) else {
                throw APIFailure(401, .unauthorized, "the refresh token is unknown or used; sign in again")
            }
            return .json(200, WireCoding.encode(session))
        },
    ]
}

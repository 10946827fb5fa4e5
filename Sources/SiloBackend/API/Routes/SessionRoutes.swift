import Models
import Services

/// `POST /v1/sessions` (sign in) and `POST /v1/sessions/refresh`.
///
/// A development backend: signing in needs only the user id. A real backend checks a password or
/// a federated identity here; the tokens and the refresh flow stay the same.
enum SessionRoutes {
    static let all: [Route] = [
        Route("POST", "/v1/sessions", keepsAnswers: false) { context throws(APIFailure) in
            let request = try context.body(SignInRequest.self)
            do throws(ValidationError) {
                _ = try IdentifierRules.validated(request.userID, field: "user_id")
            } catch {
                throw APIFailure(422, .invalidInput, error.reason, field: "user_id")
            }
            let session = try await context.call { () async throws(ServiceError) in
                try await context.backend.state.signIn(User.ID(request.userID))
            }
            return .json(201, WireCoding.encode(session))
        },
        Route("POST", "/v1/sessions/refresh", keepsAnswers: false) { context throws(APIFailure) in
            let request = try context.body(RefreshRequest.self)
            let refreshed = try await context.call { () async throws(ServiceError) in
                try await context.backend.state.refresh(request.refreshToken)
            }
            guard let session = refreshed else {
                throw APIFailure(401, .unauthorized, "the refresh token is unknown or used; sign in again")
            }
            return .json(200, WireCoding.encode(session))
        },
    ]
}

import BackendAPI
import Models
import Services

/// `POST /v1/sessions` (sign in with a handle and password), `POST /v1/sessions/refresh` and
/// `DELETE /v1/sessions/current` (sign out).
///
/// Sign-in answers the same 401 for an unknown handle, a wrong password and a device account
/// (which has none), and takes as long for each. Failures in a row lock the account for a while
/// (`SignInThrottle`): 429 with `Retry-After`. None of these answers is kept under an
/// idempotency key: they hold tokens, or end a session.
enum SessionRoutes {
    static let all: [Route] = [
        Route("signIn", "POST", "/v1/sessions", answers: [201], keepsAnswers: false) { context throws(APIFailure) in
            let request = try context.body(Schemas.SignIn.self)
            let handle = try APIFailure.validating { () throws(ValidationError) in
                let handle = try Handle(request.handle)
                _ = try Password(request.password)
                return handle
            }
            let user = try await verifiedUser(handle, password: request.password, backend: context.backend)
            let session = try await context.call { () async throws(ServiceError) in
                try await context.backend.state.startSession(for: user)
            }
            return .json(201, WireCoding.encode(session))
        },
        Route("refreshSession", "POST", "/v1/sessions/refresh", answers: [200], keepsAnswers: false) {
            context throws(APIFailure) in
            let request = try context.body(Schemas.Refresh.self)
            let refreshed = try await context.call { () async throws(ServiceError) in
                try await context.backend.state.refresh(request.refreshToken)
            }
            switch refreshed {
            case .renewed(let session):
                return .json(200, WireCoding.encode(session))
            case .reused:
                throw APIFailure(
                    401, .unauthorized,
                    "the refresh token was already used; every session started from it is signed out: sign in again")
            case .unknown:
                throw APIFailure(401, .unauthorized, "the refresh token is unknown or expired; sign in again")
            }
        },
        Route("signOut", "DELETE", "/v1/sessions/current", answers: [204], keepsAnswers: false) {
            context throws(APIFailure) in
            guard let token = context.request.bearerToken else {
                throw RouteContext.unauthorized("send the session's 'Authorization: Bearer <access_token>' to end it")
            }
            let ended = try await context.call { () async throws(ServiceError) in
                try await context.backend.state.endSession(accessToken: token)
            }
            guard ended else {
                throw RouteContext.unauthorized("the access token is unknown or expired; the session is already over")
            }
            return .empty(204)
        },
    ]

    private static let wrongCredentials = "wrong handle or password"

    /// The user whose password `password` is, after the throttle let the try through.
    ///
    /// - Throws: 429 while the account is locked; 401 for an unknown handle, a device account or
    ///   a wrong password (each after the same slow check); what the store fails with otherwise.
    private static func verifiedUser(_ handle: Handle, password: String, backend: Backend) async throws(APIFailure)
        -> User.ID
    {
        let account = handle.rawValue
        if let seconds = await backend.throttle.take(account) {
            var failure = APIFailure(
                429, .rateLimited, "too many failed sign-ins for @\(account); try again in \(seconds) s")
            failure.headers = [("Retry-After", String(seconds))]
            throw failure
        }
        var user: User?
        do {
            user = try await backend.users.user(handle: handle)
        } catch .notFound {
            user = nil
        } catch {
            await backend.throttle.abandoned(account)
            throw APIFailure(error)
        }
        var stored: PasswordHash?
        if let user { stored = await backend.state.password(of: user.id) }
        guard let user, let stored else {
            await backend.hasher.spendCheckTime(password)
            await backend.throttle.failed(account)
            throw APIFailure(401, .unauthorized, wrongCredentials)
        }
        guard await backend.hasher.verify(password, against: stored) else {
            await backend.throttle.failed(account)
            throw APIFailure(401, .unauthorized, wrongCredentials)
        }
        await backend.throttle.succeeded(account)
        return user.id
    }
}

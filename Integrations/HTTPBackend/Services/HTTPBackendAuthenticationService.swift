import BackendAPI
import IntegrationSupport
import Models
import Services

/// Accounts on the backend: a handle and a password, checked by the server
/// (Docs/HTTPBackendAPI.md, "Authentication"). Get it from `HTTPBackendIntegration.services`.
///
/// The signed-in user's tokens (never the password) are kept in the integration's credentials
/// file, so the next run is still signed in. Observers here see sign-ins and sign-outs made
/// through this instance, and sessions that ended elsewhere: refused a renewal, or signed out by
/// another client of the credentials file (seen when this one next reads it).
public struct HTTPBackendAuthenticationService: AuthenticationService {
    let connection: BackendConnection
    let sessionChanges: ChangeSignal

    /// `.password`: the app's sign-in view asks for a handle and a password.
    public var signInFlow: SignInFlow { .password }

    /// `POST /v1/accounts` with a password; the new user becomes the signed-in one.
    public func signUp(_ draft: UserDraft, password: Password?) async throws(ServiceError) -> AccountSession {
        guard let password else { throw Self.passwordRequired }
        try ServiceError.validating { () throws(ValidationError) in _ = try Password.new(password.text) }
        let user = try await connection.createAccount(draft, password: password, isCurrent: true)
        sessionChanges.notify()
        return AccountSession(user: user)
    }

    /// `POST /v1/sessions`; the user becomes the signed-in one.
    public func signIn(handle: Handle, password: Password?) async throws(ServiceError) -> AccountSession {
        guard let password else { throw Self.passwordRequired }
        let session = try await connection.call(
            Operations.SignIn(handle: handle, password: password), subject: "@\(handle)")
        let user = try await connection.call(Operations.GetUser(userID: User.ID(session.userID)), subject: "@\(handle)")
        try await connection.sessions.adopt(session, isCurrent: true)
        sessionChanges.notify()
        return AccountSession(user: try ServiceError.mapping { () throws(SchemaViolation) in try User(user) })
    }

    /// `DELETE /v1/sessions/current`, then forgets the tokens here, whatever the backend answered:
    /// a session it no longer knows, or one it could not be told about (offline), is forgotten all
    /// the same, and the latter ends on the server when its refresh token expires.
    ///
    /// - Throws: `.cancelled`; `.unavailable` when the credentials file cannot be written (the
    ///   session then still holds here).
    public func signOut() async throws(ServiceError) {
        guard let user = await connection.sessions.currentUser else { return }
        do {
            try await connection.call(Operations.SignOut(userID: user))
        } catch .cancelled {
            throw .cancelled
        } catch {
            // Already over on the server (401), or the server is out of reach: the device forgets
            // the tokens anyway, so nobody here can use them again; an unreached session ends on
            // the server when its refresh token expires.
        }
        try await connection.sessions.forget(user)
        sessionChanges.notify()
    }

    /// The signed-in user, read from the backend (`GET /v1/users/{user_id}`).
    public func currentSession() async throws(ServiceError) -> AccountSession? {
        guard let user = await connection.sessions.currentUser else { return nil }
        let schema = try await connection.call(Operations.GetUser(userID: user), subject: "user \(user)")
        return AccountSession(user: try ServiceError.mapping { () throws(SchemaViolation) in try User(schema) })
    }

    /// The signed-in user, then again after each sign-in and sign-out through this service, and
    /// after a session ends elsewhere (see the type's comment).
    public func observeSession() -> ServiceObservation<AccountSession?> {
        .refreshing(on: sessionChanges) { () async throws(ServiceError) in try await currentSession() }
    }

    private static let passwordRequired = ServiceError.invalidInput(
        field: "password", reason: "the HTTP backend signs in with a password: give one")
}

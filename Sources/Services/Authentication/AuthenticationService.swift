// scripts/remove-service deletes this file with the service it is part of: authentication
import Models

/// Signs people up, in and out, and says who is signed in, as the integration that serves users
/// does it: on the device for the local stores, with a password checked by the server over HTTP,
/// or with a vendor's own sign-in view.
///
/// The contract every implementation keeps (checked by `AuthenticationServiceContract`):
/// - Signing up creates the user (the users service of the same integration finds it) and signs
///   them in; a taken handle in any letter case is a conflict and signs nobody in.
/// - Signing in finds the account by handle in any letter case. With a `.password` flow, a wrong
///   password is `unauthorized` (the same for an unknown handle), a missing one `invalidInput`,
///   and neither changes anything.
/// - `currentSession()` is the last sign-in or sign-up until `signOut()`, which ends it for good:
///   what it held no longer acts for the user.
/// - `observeSession()` delivers the current session (or `nil`) first, then every change.
/// - A failed call changes no session. Every method throws only `ServiceError`.
///
/// Implementations are safe to call from any task concurrently.
public protocol AuthenticationService: Sendable {
    /// What signing in asks for; the app's sign-in view follows it. A scaffolded integration
    /// starts with `.password` (`ServiceKind.declarations`).
    var signInFlow: SignInFlow { get }

    /// Creates an account for `draft` and signs it in.
    ///
    /// - Parameter password: required by a `.password` flow (`Password.new` rules), refused by a
    ///   `.deviceLocal` one.
    /// - Throws: `.invalidInput` (field `"handle"`, `"displayName"` or `"password"`), `.conflict`
    ///   when the handle is taken in any letter case.
    func signUp(_ draft: UserDraft, password: Password?) async throws(ServiceError) -> AccountSession

    /// Signs in to the account with `handle`.
    ///
    /// - Throws: `.unauthorized` for a wrong password or an unknown handle with a `.password` flow,
    ///   `.invalidInput` (field `"password"`) for a missing one; `.notFound` for an unknown handle
    ///   with a `.deviceLocal` one; `.unavailable` with a retry-after when too many sign-ins failed
    ///   for that account.
    func signIn(handle: Handle, password: Password?) async throws(ServiceError) -> AccountSession

    /// Ends the current session; nothing happens when nobody is signed in.
    ///
    /// - Throws: `.unavailable` when the end could not be recorded (the session then still holds).
    func signOut() async throws(ServiceError)

    /// Who is signed in, or `nil`.
    ///
    /// - Throws: `.unavailable` or `.corruptData` when what keeps the session cannot be read.
    func currentSession() async throws(ServiceError) -> AccountSession?

    /// The current session (or `nil`), then each change made through this service.
    func observeSession() -> ServiceObservation<AccountSession?>
}

extension ServiceKey where Service == any AuthenticationService {
    /// The authentication service.
    public static var authentication: Self { Self(.authentication) }
}

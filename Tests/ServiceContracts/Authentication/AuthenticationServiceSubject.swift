// scripts/remove-service deletes this file with the service it is part of: authentication
import Models
import Services

/// A fresh authentication service for one check, with the users service of the same integration
/// (sign-up must make a user it finds).
public struct AuthenticationServiceSubject: ContractSubject {
    /// The service under test.
    public let authentication: any AuthenticationService
    /// The same integration's users.
    public let users: any UserService
    /// Reopens and tears down; see `SubjectHooks`.
    public let hooks: SubjectHooks<AuthenticationServiceSubject>

    /// Creates a subject; see `SubjectHooks.init` for `hooks`.
    public init(
        authentication: any AuthenticationService, users: any UserService,
        hooks: SubjectHooks<AuthenticationServiceSubject> = SubjectHooks()
    ) {
        self.authentication = authentication
        self.users = users
        self.hooks = hooks
    }
}

extension AuthenticationServiceSubject {
    /// A password for a new account when the flow needs one, else none.
    var newPassword: Password? {
        authentication.signInFlow.needsPassword ? AuthenticationServiceContract.goodPassword : nil
    }

    /// Signs up a user with a fresh handle starting with `prefix`.
    func signUp(_ prefix: String) async throws -> AccountSession {
        try await authentication.signUp(
            UserDraft(handle: uniqueHandle(prefix), displayName: prefix), password: newPassword)
    }
}

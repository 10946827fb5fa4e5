// scripts/remove-service deletes this file with the service it is part of: authentication
import Models

/// Who is signed in: the user an `AuthenticationService` acts for until they sign out.
public struct AccountSession: Hashable, Sendable {
    /// The signed-in user.
    public let user: User

    /// A session for `user`.
    public init(user: User) {
        self.user = user
    }
}

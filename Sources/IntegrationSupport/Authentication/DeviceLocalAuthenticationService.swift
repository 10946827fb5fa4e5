// scripts/remove-service deletes this file with the service it is part of: authentication
import Models
import Services

/// Signing in on this device, for a store that lives on it (SQLite, the JSON file, memory): a
/// person signs in by handle alone, with no password, since whoever holds the device holds the
/// store anyway. Signing up creates the user through the store's own `UserService`.
///
/// Who is signed in is kept in a `SignedInSlot`. Observers see sign-ins and sign-outs made through
/// this instance. Safe to use from any task.
public struct DeviceLocalAuthenticationService: AuthenticationService {
    private let users: any UserService
    private let slot: SignedInSlot
    private let changes: ChangeSignal

    /// A service over `users`, remembering the signed-in user in `slot`, and telling observers of
    /// changes through `changes` (which the integration closes when it stops).
    public init(users: any UserService, slot: SignedInSlot, changes: ChangeSignal) {
        self.users = users
        self.slot = slot
        self.changes = changes
    }

    /// `.deviceLocal`: a handle, no password.
    public var signInFlow: SignInFlow { .deviceLocal }

    /// Creates the user and signs them in.
    public func signUp(_ draft: UserDraft, password: Password?) async throws(ServiceError) -> AccountSession {
        try Self.refuse(password)
        let user = try await users.create(draft)
        return try await signIn(user)
    }

    /// Signs in the user with `handle`.
    ///
    /// - Throws: `.notFound` when no user on this device has the handle.
    public func signIn(handle: Handle, password: Password?) async throws(ServiceError) -> AccountSession {
        try Self.refuse(password)
        return try await signIn(try await users.user(handle: handle))
    }

    /// Forgets who is signed in.
    public func signOut() async throws(ServiceError) {
        try await slot.write(nil)
        changes.notify()
    }

    /// The signed-in user; `nil` also when that user is no longer in the store.
    public func currentSession() async throws(ServiceError) -> AccountSession? {
        guard let id = try await slot.read() else { return nil }
        do {
            return AccountSession(user: try await users.user(id: id))
        } catch .notFound {
            return nil
        }
    }

    /// The signed-in user, then again after each sign-in and sign-out through this service.
    public func observeSession() -> ServiceObservation<AccountSession?> {
        .refreshing(on: changes) { () async throws(ServiceError) in try await currentSession() }
    }

    private func signIn(_ user: User) async throws(ServiceError) -> AccountSession {
        try await slot.write(user.id)
        changes.notify()
        return AccountSession(user: user)
    }

    private static func refuse(_ password: Password?) throws(ServiceError) {
        guard password == nil else {
            throw .invalidInput(
                field: "password", reason: "this store signs in on this device without a password: leave it out")
        }
    }
}

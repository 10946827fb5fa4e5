import Models

/// Creates users and looks them up by id or handle.
///
/// The contract every implementation keeps (checked by `UserServiceContract`):
/// - Handles are unique regardless of case: creating `Alice` when `alice` exists is a conflict,
///   also when several creates of one handle race (exactly one wins).
/// - Drafts are validated with `UserDraft.validated()`; a failed call stores nothing.
/// - Every method throws only `ServiceError`.
///
/// Implementations are safe to call from any task concurrently.
public protocol UserService: Sendable {
    /// Validates and stores a new user.
    ///
    /// - Throws: `.invalidInput` (field `"handle"` or `"displayName"`), `.conflict` when the handle
    ///   is taken in any letter case.
    func create(_ draft: UserDraft) async throws(ServiceError) -> User

    /// Returns the user with `id`.
    ///
    /// - Throws: `.notFound` when there is no such user.
    func user(id: User.ID) async throws(ServiceError) -> User

    /// Returns the user with `handle` (handles compare case-insensitively).
    ///
    /// - Throws: `.notFound` when no user has that handle.
    func user(handle: Handle) async throws(ServiceError) -> User

    /// Changes the display name of user `id` and returns the updated user.
    ///
    /// - Throws: `.invalidInput` (field `"displayName"`), `.notFound` when there is no such user.
    func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User
}

extension ServiceKey where Service == any UserService {
    /// The user service.
    public static var users: Self { Self(.users) }
}

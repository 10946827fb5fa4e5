import IntegrationSupport
import Models
import Services

/// A `UserService` holding users in memory, with case-insensitive unique handles.
///
/// Get it from `InMemoryIntegration.userService`. Safe to call concurrently: every call is one
/// atomic step on the integration's store actor, so racing creates of one handle have one winner.
public struct InMemoryUserService: UserService {
    let store: ModelStore

    /// Validates and stores a new user; see `UserService.create(_:)`.
    public func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        try await store.createUser(draft)
    }

    /// Returns the user with `id`; see `UserService.user(id:)`.
    public func user(id: User.ID) async throws(ServiceError) -> User {
        try await store.user(id: id)
    }

    /// Returns the user with `handle`; see `UserService.user(handle:)`.
    public func user(handle: Handle) async throws(ServiceError) -> User {
        try await store.user(handle: handle)
    }

    /// Changes a user's display name; see `UserService.updateDisplayName(of:to:)`.
    public func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        try await store.updateDisplayName(of: id, to: displayName)
    }
}

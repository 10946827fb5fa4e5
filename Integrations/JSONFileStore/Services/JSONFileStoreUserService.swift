import IntegrationSupport
import Models
import Services

/// A `UserService` keeping users in the store file.
///
/// Get it from `JSONFileStoreIntegration.userService`. A create or update returns once a save
/// holding it is durable. Safe to call concurrently; racing creates of one handle have one winner.
public struct JSONFileStoreUserService: UserService {
    let session: StoreSession

    /// Validates, stores and saves a new user; see `UserService.create(_:)`.
    public func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        try await session.change { store throws(ServiceError) in try store.createUser(draft) }
    }

    /// Returns the user with `id`; see `UserService.user(id:)`.
    public func user(id: User.ID) async throws(ServiceError) -> User {
        try await session.read { store throws(ServiceError) in try store.user(id: id) }
    }

    /// Returns the user with `handle`; see `UserService.user(handle:)`.
    public func user(handle: Handle) async throws(ServiceError) -> User {
        try await session.read { store throws(ServiceError) in try store.user(handle: handle) }
    }

    /// Validates, stores and saves a new display name; see `UserService.updateDisplayName(of:to:)`.
    public func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        try await session.change { store throws(ServiceError) in try store.updateDisplayName(of: id, to: displayName) }
    }
}

import Models
import Services

/// A `UserService` whose every method fails the calling test unless the test provides it.
public struct UnimplementedUserService: UserService {
    /// Handles `create(_:)`; when `nil`, the call fails the test.
    public var onCreate: (@Sendable (UserDraft) async throws(ServiceError) -> User)?
    /// Handles `user(id:)`; when `nil`, the call fails the test.
    public var onUserByID: (@Sendable (User.ID) async throws(ServiceError) -> User)?
    /// Handles `user(handle:)`; when `nil`, the call fails the test.
    public var onUserByHandle: (@Sendable (Handle) async throws(ServiceError) -> User)?
    /// Handles `updateDisplayName(of:to:)`; when `nil`, the call fails the test.
    public var onUpdateDisplayName: (@Sendable (User.ID, String) async throws(ServiceError) -> User)?

    /// Creates a double with nothing implemented.
    public init() {}

    /// Calls `onCreate`, or fails the test.
    public func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        guard let onCreate else { throw unimplemented("UserService.create") }
        return try await onCreate(draft)
    }

    /// Calls `onUserByID`, or fails the test.
    public func user(id: User.ID) async throws(ServiceError) -> User {
        guard let onUserByID else { throw unimplemented("UserService.user(id:)") }
        return try await onUserByID(id)
    }

    /// Calls `onUserByHandle`, or fails the test.
    public func user(handle: Handle) async throws(ServiceError) -> User {
        guard let onUserByHandle else { throw unimplemented("UserService.user(handle:)") }
        return try await onUserByHandle(handle)
    }

    /// Calls `onUpdateDisplayName`, or fails the test.
    public func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        guard let onUpdateDisplayName else { throw unimplemented("UserService.updateDisplayName") }
        return try await onUpdateDisplayName(id, displayName)
    }
}

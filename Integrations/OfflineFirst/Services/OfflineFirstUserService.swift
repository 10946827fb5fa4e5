import Models
import Services

/// Users: found locally first, else on the server (and kept); made and renamed on the server,
/// because a handle is unique across every device and only the server can promise that. Get it
/// from `OfflineFirstIntegration.userService`.
public struct OfflineFirstUserService: UserService {
    let local: OfflineFirstLocal
    let remote: OfflineFirstRemote

    /// Creates the user on the server and keeps them locally; `.unavailable` while offline.
    public func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        try await kept(try await remote.users.create(draft))
    }

    /// The user kept locally, else the server's (then kept).
    public func user(id: User.ID) async throws(ServiceError) -> User {
        do {
            return try await local.users.user(id: id)
        } catch .notFound {
            return try await kept(try await remote.users.user(id: id))
        }
    }

    /// The user kept locally, else the server's (then kept).
    public func user(handle: Handle) async throws(ServiceError) -> User {
        do {
            return try await local.users.user(handle: handle)
        } catch .notFound {
            return try await kept(try await remote.users.user(handle: handle))
        }
    }

    /// Renames on the server and keeps the result; `.unavailable` while offline.
    public func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        try await kept(try await remote.users.updateDisplayName(of: id, to: displayName))
    }

    private func kept(_ user: User) async throws(ServiceError) -> User {
        try await local.replica.save(user)
        return user
    }
}

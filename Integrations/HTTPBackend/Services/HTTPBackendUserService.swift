import BackendAPI
import Models
import Services

/// Users over the backend's API. Get it from `HTTPBackendIntegration.services`.
public struct HTTPBackendUserService: UserService {
    let connection: BackendConnection

    /// `POST /v1/accounts` without a password: a device account, acted for by the session the
    /// answer carries (kept on this device; the signed-in user does not change). The backend
    /// validates the draft and refuses a taken handle (409 → conflict).
    public func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        try await connection.createAccount(draft, password: nil, isCurrent: false)
    }

    /// `GET /v1/users/{user_id}`; 404 → not found.
    public func user(id: User.ID) async throws(ServiceError) -> User {
        let schema = try await connection.call(Operations.GetUser(userID: id), subject: "user \(id)")
        return try ServiceError.mapping { () throws(SchemaViolation) in try User(schema) }
    }

    /// `GET /v1/handles/{handle}`; handles compare case-insensitively on the backend.
    public func user(handle: Handle) async throws(ServiceError) -> User {
        let schema = try await connection.call(
            Operations.GetUserByHandle(handle: handle.rawValue), subject: "user @\(handle)")
        return try ServiceError.mapping { () throws(SchemaViolation) in try User(schema) }
    }

    /// `PATCH /v1/users/{user_id}`, signed with that user's session.
    public func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        let endpoint = Operations.UpdateDisplayName(userID: id, displayName: displayName)
        let schema = try await connection.change(endpoint, subject: "user \(id)")
        return try ServiceError.mapping { () throws(SchemaViolation) in try User(schema) }
    }
}

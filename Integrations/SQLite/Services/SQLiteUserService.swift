import Foundation
import Models
import Services

/// A `UserService` storing users in the integration's SQLite database.
///
/// Get it from `SQLiteIntegration.userService`. Safe to call from any task. Handles are stored
/// lowercased under a UNIQUE constraint, so of several racing creates of one handle exactly one
/// wins and the others get `.conflict`, also across processes.
public struct SQLiteUserService: UserService {
    let database: Database
    let now: @Sendable () -> Date

    /// Validates and stores a new user; see `UserService.create(_:)`.
    public func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        let (handle, displayName) = try ServiceError.validating { () throws(ValidationError) in try draft.validated() }
        let record = UserRecord(
            id: UUID().uuidString.lowercased(),
            handle: handle.rawValue,
            displayName: displayName,
            createdAt: now().millisecondsSince1970
        )
        do {
            try await database.perform { connection throws(SQLiteError) in
                try connection.run(
                    "INSERT INTO users (id, handle, display_name, created_at) VALUES (?1, ?2, ?3, ?4)",
                    record.id, record.handle, record.displayName, record.createdAt
                )
            }
        } catch {
            if error.isUniquenessViolation { throw .conflict(reason: "handle \(handle) is taken") }
            throw error.serviceError(location: database.location)
        }
        return try User(record)
    }

    /// Returns the user with `id`; see `UserService.user(id:)`.
    public func user(id: User.ID) async throws(ServiceError) -> User {
        let record: UserRecord?
        do {
            record = try await database.perform { connection throws(SQLiteError) in
                try connection.queryFirst(
                    "SELECT id, handle, display_name, created_at FROM users WHERE id = ?1",
                    id.rawValue,
                    row: UserRecord.init(row:)
                )
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        guard let record else { throw .notFound(what: "user \(id)") }
        return try User(record)
    }

    /// Returns the user with `handle`; see `UserService.user(handle:)`.
    public func user(handle: Handle) async throws(ServiceError) -> User {
        let record: UserRecord?
        do {
            record = try await database.perform { connection throws(SQLiteError) in
                try connection.queryFirst(
                    "SELECT id, handle, display_name, created_at FROM users WHERE handle = ?1",
                    handle.rawValue,
                    row: UserRecord.init(row:)
                )
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        guard let record else { throw .notFound(what: "user \(handle)") }
        return try User(record)
    }

    /// Changes the display name of user `id`; see `UserService.updateDisplayName(of:to:)`.
    public func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        let name = try ServiceError.validating { () throws(ValidationError) in
            try UserRules.validatedDisplayName(displayName)
        }
        let records: [UserRecord]
        do {
            // RETURNING rows are read to the end, so the UPDATE has committed before this returns.
            records = try await database.perform { connection throws(SQLiteError) in
                try connection.query(
                    "UPDATE users SET display_name = ?2 WHERE id = ?1 RETURNING id, handle, display_name, created_at",
                    id.rawValue, name,
                    row: UserRecord.init(row:)
                )
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        guard let record = records.first else { throw .notFound(what: "user \(id)") }
        return try User(record)
    }
}

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
        try await database.run(meaning: {
            $0.isUniquenessViolation ? .conflict(reason: "handle \(handle) is taken") : nil
        }) {
            connection throws(SQLiteError) in
            try connection.run(UserRecord.insert, values: record.values)
        }
        return try User(record)
    }

    /// Returns the user with `id`; see `UserService.user(id:)`.
    public func user(id: User.ID) async throws(ServiceError) -> User {
        try await user(where: "WHERE id = ?1", id.rawValue, missing: "user \(id)")
    }

    /// Returns the user with `handle`; see `UserService.user(handle:)`.
    public func user(handle: Handle) async throws(ServiceError) -> User {
        try await user(where: "WHERE handle = ?1", handle.rawValue, missing: "user \(handle)")
    }

    /// Changes the display name of user `id`; see `UserService.updateDisplayName(of:to:)`.
    public func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        let name = try ServiceError.validating { () throws(ValidationError) in
            try UserRules.validatedDisplayName(displayName)
        }
        // RETURNING rows are read to the end, so the UPDATE has committed before this returns.
        let records = try await database.run { connection throws(SQLiteError) in
            try connection.query(
                "UPDATE users SET display_name = ?2 WHERE id = ?1 RETURNING " + UserRecord.columns,
                id.rawValue, name, row: UserRecord.init(row:))
        }
        guard let record = records.first else { throw .notFound(what: "user \(id)") }
        return try User(record)
    }

    private func user(where condition: SQL, _ value: String, missing: String) async throws(ServiceError) -> User {
        let record = try await database.run { connection throws(SQLiteError) in
            try connection.queryFirst(UserRecord.select + condition, value, row: UserRecord.init(row:))
        }
        guard let record else { throw .notFound(what: missing) }
        return try User(record)
    }
}

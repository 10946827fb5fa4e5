import Foundation
import GRDB
import Models
import Services

/// A `UserService` storing users in the integration's database.
///
/// Get it from `GRDBIntegration.userService`. Safe to call from any task. Handles are stored
/// lowercased under a UNIQUE constraint, so of several racing creates of one handle exactly one
/// wins and the others get `.conflict`.
public struct GRDBUserService: UserService {
    let store: Store
    let now: @Sendable () -> Date

    /// Validates and stores a new user; see `UserService.create(_:)`.
    public func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        let (handle, displayName) = try ServiceError.validating { () throws(ValidationError) in try draft.validated() }
        let row = UserRow(
            id: UUID().uuidString.lowercased(), handle: handle.rawValue, displayName: displayName,
            createdAt: now().millisecondsSince1970)
        try await store.write(meaning: { error in
            error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE ? .conflict(reason: "handle \(handle) is taken") : nil
        }) { db in try row.insert(db) }
        return try User(row)
    }

    /// Returns the user with `id`; see `UserService.user(id:)`.
    public func user(id: User.ID) async throws(ServiceError) -> User {
        guard let row = try await store.read({ db in try UserRow.fetchOne(db, key: id.rawValue) }) else {
            throw .notFound(what: "user \(id)")
        }
        return try User(row)
    }

    /// Returns the user with `handle`; see `UserService.user(handle:)`.
    public func user(handle: Handle) async throws(ServiceError) -> User {
        let row = try await store.read { db in
            try UserRow.filter(UserRow.CodingKeys.handle == handle.rawValue).fetchOne(db)
        }
        guard let row else { throw .notFound(what: "user \(handle)") }
        return try User(row)
    }

    /// Changes the display name of user `id`; see `UserService.updateDisplayName(of:to:)`.
    public func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        let name = try ServiceError.validating { () throws(ValidationError) in
            try UserRules.validatedDisplayName(displayName)
        }
        let row = try await store.write { db in
            try UserRow.filter(key: id.rawValue).updateAll(db, UserRow.CodingKeys.displayName.set(to: name))
            return try UserRow.fetchOne(db, key: id.rawValue)
        }
        guard let row else { throw .notFound(what: "user \(id)") }
        return try User(row)
    }
}

/// A row of the `users` table: the handle stored lowercased under a UNIQUE constraint.
struct UserRecord: Hashable, Sendable {
    /// `users.id`: a lowercased UUID string.
    var id: String
    /// `users.handle`: lowercased, unique.
    var handle: String
    /// `users.display_name`.
    var displayName: String
    /// `users.created_at`: milliseconds since 1970.
    var createdAt: Int64

    /// Reads a row selected as `id, handle, display_name, created_at`.
    init(row: Statement) {
        id = row.text(at: 0)
        handle = row.text(at: 1)
        displayName = row.text(at: 2)
        createdAt = row.integer(at: 3)
    }

    /// Creates a record from its column values.
    init(id: String, handle: String, displayName: String, createdAt: Int64) {
        self.id = id
        self.handle = handle
        self.displayName = displayName
        self.createdAt = createdAt
    }
}

/// A row of the `users` table: the handle stored lowercased under a UNIQUE constraint.
///
/// `columns` is the one place the column order is written.
struct UserRecord: Hashable, Sendable {
    /// The columns, in the order `init(row:)` reads and `values` binds them.
    static let columns: SQL = "id, handle, display_name, created_at"
    /// `SELECT <columns> FROM users`, to which a query adds its `WHERE`.
    static let select: SQL = "SELECT " + columns + " FROM users "
    /// Inserts one row; bind `values`.
    static let insert: SQL = "INSERT INTO users (" + columns + ") VALUES (?1, ?2, ?3, ?4)"

    /// `users.id`: a lowercased UUID string.
    var id: String
    /// `users.handle`: lowercased, unique.
    var handle: String
    /// `users.display_name`.
    var displayName: String
    /// `users.created_at`: milliseconds since 1970.
    var createdAt: Int64

    /// Reads a row selected as `columns`.
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

    /// The column values in `columns` order.
    var values: [any SQLiteBindable] { [id, handle, displayName, createdAt] }
}

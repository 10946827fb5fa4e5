import GRDB

/// A row of the `user` table, read and written by GRDB through `Codable`.
struct UserRow: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "user"

    /// `user.id`: a lowercased UUID.
    var id: String
    /// `user.handle`: lowercased, unique.
    var handle: String
    /// `user.display_name`.
    var displayName: String
    /// `user.created_at`: milliseconds since 1970.
    var createdAt: Int64

    /// The column names, snake case in the database.
    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id
        case handle
        case displayName = "display_name"
        case createdAt = "created_at"
    }
}

import GRDB

/// Whether a database file belongs to this integration, decided from reads only, before anything
/// is written: a file of another program is refused, never migrated into.
enum DatabaseOwnership: Equatable, Sendable {
    /// No tables and no mark: a new file this integration may set up.
    case empty
    /// This integration's database.
    case ours
    /// Another program's database, with its `application_id` and tables.
    case foreign(applicationID: Int32, tables: [String])

    /// Reads the mark and the tables in one read transaction.
    static func read(from db: Database) throws -> DatabaseOwnership {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID == Schema.applicationID { return .ours }
        let tables = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        if applicationID == 0, tables.isEmpty { return .empty }
        return .foreign(applicationID: applicationID, tables: tables.sorted())
    }
}

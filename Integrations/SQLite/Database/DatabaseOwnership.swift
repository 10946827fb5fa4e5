/// Whether a database file belongs to this app, decided from what a read shows before anything
/// is written: its `application_id`, its `user_version` and its tables.
enum DatabaseOwnership: Equatable, Sendable {
    /// No tables, no marks: a new or empty file this app may initialise.
    case empty
    /// This app's database at schema `version` (possibly made before databases were marked).
    case ours(version: Int)
    /// Another program's database; it must not be touched.
    case foreign(applicationID: Int32, version: Int, tables: [String])

    /// The `application_id` in the header of every database this app makes: "SILO" in ASCII.
    ///
    /// A renamed app may pick its own (`scripts/rename-app` leaves it, so existing data stays readable).
    static let applicationID: Int32 = 0x5349_4C4F

    /// The tables of this app's databases at the schema versions before the first one that sets
    /// `applicationID` (migration 3), by which such a database is still recognised. Frozen: later
    /// versions are recognised by their mark.
    static let unmarkedSchemas: [Int: Set<String>] = [
        1: ["users", "posts"],
        2: ["users", "posts", "videos"],
    ]

    /// Classifies a database from its header fields and table names.
    static func classify(applicationID: Int32, version: Int, tables: [String]) -> DatabaseOwnership {
        if applicationID == Self.applicationID { return .ours(version: version) }
        if applicationID == 0, version == 0, tables.isEmpty { return .empty }
        if applicationID == 0, let known = unmarkedSchemas[version], Set(tables) == known {
            return .ours(version: version)
        }
        return .foreign(applicationID: applicationID, version: version, tables: tables.sorted())
    }

    /// Reads the marks and tables through `connection` (reads only, in one read transaction so the
    /// three reads see one snapshot while another process migrates) and classifies the file.
    static func read(from connection: Connection) throws(SQLiteError) -> DatabaseOwnership {
        try connection.execute("BEGIN DEFERRED")
        do {
            let applicationID = try connection.queryFirst("PRAGMA application_id") { row in row.integer(at: 0) } ?? 0
            let version = try Migrator.version(of: connection)
            let tables = try connection.query(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
            ) { row in row.text(at: 0) }
            try connection.execute("COMMIT")
            return classify(applicationID: Int32(truncatingIfNeeded: applicationID), version: version, tables: tables)
        } catch {
            try? connection.execute("ROLLBACK")
            throw error
        }
    }
}

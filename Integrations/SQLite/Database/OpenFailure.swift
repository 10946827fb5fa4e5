/// Why a database could not be opened and brought up to date.
enum OpenFailure: Error, Sendable {
    /// SQLite refused: not a database, corrupt, locked, unreadable.
    case sqlite(SQLiteError)
    /// The schema version is newer than this app's latest migration.
    case newerSchema(found: Int, known: Int)
    /// The file is another program's database.
    case foreign(applicationID: Int32, version: Int, tables: [String])
    /// Something other than a regular file stands at the path; says what.
    case notAFile(String)
    /// The missing file could not be created; the `errno` of `open(2)`.
    case cannotCreate(systemErrno: Int32)
}

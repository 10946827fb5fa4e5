import CSQLite
import Foundation

/// Runs `sql` on the database file at `url` with SQLite's C API, as another program (or a newer
/// version of this one) would have written it, then closes it. The tests do not use GRDB: only
/// the integration may.
func writeAsAnotherProgram(_ sql: String, at url: URL) throws {
    var handle: OpaquePointer?
    defer { sqlite3_close(handle) }
    guard sqlite3_open(url.path, &handle) == SQLITE_OK,
        sqlite3_exec(handle, sql + "; PRAGMA wal_checkpoint(TRUNCATE);", nil, nil, nil) == SQLITE_OK
    else {
        throw RawSQLiteError(message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// What `writeAsAnotherProgram` met.
struct RawSQLiteError: Error, CustomStringConvertible {
    let message: String
    var description: String { "sqlite3: \(message)" }
}

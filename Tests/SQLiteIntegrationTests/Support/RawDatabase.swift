import Foundation

@testable import SQLiteIntegration

/// Sets the schema version of a closed database file directly, as a newer app would have.
func setUserVersion(_ version: Int, of file: DatabaseFile) throws {
    let connection = try Connection(path: file.url.path)
    try connection.execute("PRAGMA user_version = " + String(version))
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
}

/// Opens a closed database file with the integration's own connection type for `body`, then
/// checkpoints and closes it.
func withRawConnection<Result>(to file: DatabaseFile, _ body: (Connection) throws -> Result) throws -> Result {
    let connection = try Connection(path: file.url.path)
    let result = try body(connection)
    try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return result
}

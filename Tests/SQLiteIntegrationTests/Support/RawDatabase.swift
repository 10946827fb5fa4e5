import Foundation

@testable import SQLiteIntegration

/// Runs `pragma` (e.g. `PRAGMA user_version = 99`) on a closed database file directly, as a newer
/// app would have, and checkpoints it into the file.
func setUserVersion(_ pragma: SQL, of file: DatabaseFile) throws {
    let connection = try Connection(path: file.url.path)
    try connection.execute(pragma)
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

/// Runs `pragma` on a closed database file in its write-ahead log only, as a newer app that was
/// killed before any checkpoint would have left it.
func setUserVersionInLog(_ pragma: SQL, of file: DatabaseFile) throws {
    let connection = try Connection(path: file.url.path)
    try connection.setCheckpointOnClose(false)
    try connection.execute(pragma)
}

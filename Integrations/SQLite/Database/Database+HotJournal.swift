import CSQLite
import Foundation

extension Database {
    /// What SQLite answers a read-only open of a file whose rollback journal is hot: a write in
    /// rollback mode was interrupted (a kill during the switch of a new file to WAL, for one), and
    /// only a read-write connection, which writes to the file to roll the change back, can read it.
    static let hotJournalCode: Int32 = SQLITE_READONLY | (3 << 8)

    /// Reads the marks of a file whose journal is hot on a copy of the two, rolled back there, and
    /// refuses it as `openChecked` would unless it is empty or this app's at a version it knows.
    ///
    /// The file itself is not written: it is rolled back by the read-write connection that opens
    /// it next, only once this has found it to be this app's. Another program's file and its
    /// journal stay byte for byte as they were. The copy lives in a directory of its own under the
    /// temporary directory and is removed before this returns (a process killed while it copies
    /// leaves it there). It costs a copy of the whole file, once, after an interrupted write.
    ///
    /// When the journal is gone before it is copied, another process rolled it back meanwhile: the
    /// file is looked at read-only again.
    static func decideOnRolledBackCopy(
        _ path: String,
        busyTimeoutMilliseconds: Int32,
        migrator: Migrator
    ) throws(OpenFailure) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("silo-rollback-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("database").path
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            try FileManager.default.copyItem(atPath: path + "-journal", toPath: copy + "-journal")
        } catch {
            if !FileManager.default.fileExists(atPath: path + "-journal") {
                return try decideReadOnly(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, migrator: migrator)
            }
            throw .sqlite(
                SQLiteError(
                    code: SQLITE_IOERR,
                    message: "its last write was interrupted, and checking it needs a rolled-back copy in "
                        + "\(directory.path), which could not be made (\(error.localizedDescription)): free space "
                        + "there, or set TMPDIR to a directory with room",
                    systemErrno: 0))
        }
        let connection: Connection
        do {
            connection = try Connection(path: copy, mode: .readWrite)
            try connection.setCheckpointOnClose(false)
            try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        } catch {
            throw .sqlite(error)
        }
        try check(try ownership(of: connection), migrator: migrator)
    }
}

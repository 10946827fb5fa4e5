import CSQLite

extension Database {
    /// Opens `path` and makes it ready for the services, in an order that writes nothing until the
    /// file is known to be a healthy database this app can read:
    ///
    /// 1. open with extended result codes; set `busy_timeout` and `foreign_keys = ON` (both are
    ///    per connection and off by default);
    /// 2. read `user_version` (the first read: a file that is not a database fails here) and
    ///    refuse a schema newer than the app's;
    /// 3. `PRAGMA quick_check` (reads every page; a truncated file fails here);
    /// 4. `journal_mode = WAL` and `synchronous = NORMAL` (the first writes);
    /// 5. apply pending migrations.
    ///
    /// On any failure the connection is closed and the file is left as it was.
    static func openChecked(
        path: String,
        inMemory: Bool,
        busyTimeoutMilliseconds: Int32,
        migrator: Migrator
    ) throws(OpenFailure) -> Connection {
        let connection: Connection
        do {
            connection = try Connection(path: path)
            try connection.execute("PRAGMA foreign_keys = ON")
            try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        } catch {
            throw .sqlite(error)
        }
        try migrator.checkNotNewer(connection)
        try quickCheck(connection)
        do {
            if !inMemory {
                // WAL: readers never block the writer, and a commit is one append to the log.
                try connection.execute("PRAGMA journal_mode = WAL")
            }
            // With WAL, NORMAL never loses a committed transaction when the process dies, only when
            // the machine loses power before the next checkpoint; FULL would fsync every commit.
            try connection.execute("PRAGMA synchronous = NORMAL")
        } catch {
            throw .sqlite(error)
        }
        try migrator.migrate(connection)
        return connection
    }

    /// Runs `PRAGMA quick_check` and throws unless it reports exactly `ok`.
    private static func quickCheck(_ connection: Connection) throws(OpenFailure) {
        let report: [String]
        do {
            report = try connection.query("PRAGMA quick_check") { row in row.text(at: 0) }
        } catch {
            throw .sqlite(error)
        }
        guard report == ["ok"] else {
            throw .failedIntegrityCheck(report.prefix(3).joined(separator: "; "))
        }
    }
}

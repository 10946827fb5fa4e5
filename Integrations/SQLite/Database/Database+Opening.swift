import CSQLite

extension Database {
    /// A connection that passed every check, and what was found beside the file at open.
    struct Opened {
        /// The read-write connection, migrated and ready.
        let connection: Connection
        /// Whether a non-empty write-ahead log lay beside the file before it was opened: the last
        /// session did not close cleanly, or another process has the database open.
        let foundUnfinishedLog: Bool
    }

    /// Opens `path` and makes it ready for the services, in an order that writes nothing until the
    /// file is known to be this app's database, readable and not from a newer app:
    ///
    /// 1. look at the path with `stat(2)`: something other than a file is refused; a missing file
    ///    is created empty with mode 0600 (SQLite gives `-wal` and `-shm` the same mode);
    /// 2. open it **read-only** and read its `application_id`, `user_version` and tables (a file
    ///    that is not a database, or is truncated below its header's page count, fails here):
    ///    another program's database or a newer schema is refused, and the `-wal` and `-shm`
    ///    files this look created are removed, so a refused file and its directory are as they were;
    ///    a file whose rollback journal is hot (a write was interrupted) cannot be read read-only,
    ///    so its marks are read on a rolled-back copy instead (`decideOnRolledBackCopy`);
    /// 3. open read-write without the checkpoint-on-close (so closing after a late refusal cannot
    ///    copy a leftover log into the file), set `busy_timeout` and `foreign_keys = ON` (both per
    ///    connection and off by default), and read the marks again;
    /// 4. switch to WAL only when the file is not in WAL already, and set `synchronous = NORMAL`;
    /// 5. migrate only when the schema is behind (reading the version takes no write lock), then
    ///    turn the checkpoint-on-close back on.
    ///
    /// Nothing here reads the whole file, except the copy a hot journal needs, once after an
    /// interrupted write: the cost of opening does not grow with the database (Docs/Decisions.md,
    /// "Start-up does not check every page"). On any failure the connection is
    /// closed; a refused existing file is left byte for byte as it was. A file this call created
    /// (step 1) stays, empty or partly initialised, and is taken up by the next open.
    static func openChecked(
        path: String,
        inMemory: Bool,
        busyTimeoutMilliseconds: Int32,
        migrator: Migrator
    ) throws(OpenFailure) -> Opened {
        if inMemory {
            let connection = try readWriteConnection(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            try migrator.migrate(connection)
            return Opened(connection: connection, foundUnfinishedLog: false)
        }
        let before = DatabaseFileState.inspect(path)
        switch before.kind {
        case .notAFile(let what): throw .notAFile(what)
        case .missing: try DatabaseFileState.createPrivateFile(at: path)
        case .file: break
        }
        do {
            try decideReadOnly(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, migrator: migrator)
        } catch .sqlite(let error) where error.code == hotJournalCode {
            DatabaseFileState.inspect(path).removeSideFilesAdded(at: path, comparedWith: before)
            try decideOnRolledBackCopy(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds, migrator: migrator)
        } catch {
            DatabaseFileState.inspect(path).removeSideFilesAdded(at: path, comparedWith: before)
            throw explained(error, path: path)
        }
        let connection = try readWriteConnection(path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        try check(try ownership(of: connection), migrator: migrator)
        do {
            try switchToWAL(connection, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
            // With WAL, NORMAL never loses a committed transaction when the process dies, only when
            // the machine loses power before the next checkpoint; FULL would fsync every commit.
            try connection.execute("PRAGMA synchronous = NORMAL")
        } catch {
            throw .sqlite(error)
        }
        try migrator.migrate(connection)
        do {
            try connection.setCheckpointOnClose(true)
        } catch {
            throw .sqlite(error)
        }
        return Opened(connection: connection, foundUnfinishedLog: (before.logSize ?? 0) > 0)
    }

    /// `failure`, with the `errno` that explains an existing database SQLite could not open: its
    /// directory is read-only or not writable, so the `-wal` and `-shm` a WAL database needs cannot
    /// be made (SQLite itself reports the `ENOENT` of the missing `-shm`).
    private static func explained(_ failure: OpenFailure, path: String) -> OpenFailure {
        guard case .sqlite(let error) = failure, error.primaryCode == SQLITE_CANTOPEN,
            let cause = DatabaseFileState.directoryWriteError(for: path)
        else { return failure }
        return .sqlite(SQLiteError(code: error.code, message: error.message, systemErrno: cause))
    }

    /// Opens `path` read-only and refuses it unless it is empty or this app's, at a version it knows.
    ///
    /// It waits up to the busy timeout like any other connection: another process may be creating
    /// or migrating the same file at this moment.
    static func decideReadOnly(
        _ path: String,
        busyTimeoutMilliseconds: Int32,
        migrator: Migrator
    ) throws(OpenFailure) {
        let look: Connection
        do {
            look = try Connection(path: path, mode: .readOnly)
            try look.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        } catch {
            throw .sqlite(error)
        }
        try check(try ownership(of: look), migrator: migrator)
    }

    /// Puts the file in WAL mode (readers never block the writer, and a commit is one append to
    /// the log), unless it is already.
    ///
    /// Two processes opening one new file at once both find it in rollback mode and both switch.
    /// The switch needs the file to itself and, unlike other locks, answers `SQLITE_BUSY` at once
    /// instead of waiting, so the loser reads the mode again (that read waits, through the busy
    /// handler, for the winner's switch to end) and finds WAL. While another connection only
    /// reads the file in rollback mode, it waits 10 ms and tries again, up to the busy timeout.
    private static func switchToWAL(_ connection: Connection, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        var waited: Int32 = 0
        while true {
            let mode = try connection.queryFirst("PRAGMA journal_mode") { row in row.text(at: 0) }
            if mode?.lowercased() == "wal" { return }
            do throws(SQLiteError) {
                let switched = try connection.queryFirst("PRAGMA journal_mode = WAL") { row in row.text(at: 0) }
                guard switched?.lowercased() == "wal" else {
                    throw SQLiteError(
                        code: SQLITE_ERROR, message: "the file stayed in journal mode \(switched ?? "unknown")",
                        systemErrno: 0)
                }
                return
            } catch  where error.primaryCode == SQLITE_BUSY && waited < busyTimeoutMilliseconds {
                sqlite3_sleep(10)
                waited += 10
            }
        }
    }

    /// A read-write connection with the per-connection settings, its checkpoint-on-close off.
    private static func readWriteConnection(
        _ path: String,
        busyTimeoutMilliseconds: Int32
    ) throws(OpenFailure) -> Connection {
        do {
            let connection = try Connection(path: path, mode: path == ":memory:" ? .readWriteCreate : .readWrite)
            try connection.setCheckpointOnClose(false)
            try connection.execute("PRAGMA foreign_keys = ON")
            try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            return connection
        } catch {
            throw .sqlite(error)
        }
    }

    static func ownership(of connection: Connection) throws(OpenFailure) -> DatabaseOwnership {
        do {
            return try DatabaseOwnership.read(from: connection)
        } catch {
            throw .sqlite(error)
        }
    }

    static func check(_ ownership: DatabaseOwnership, migrator: Migrator) throws(OpenFailure) {
        switch ownership {
        case .empty:
            return
        case .ours(let version):
            guard version <= migrator.latestVersion else {
                throw .newerSchema(found: version, known: migrator.latestVersion)
            }
        case .foreign(let applicationID, let version, let tables):
            throw .foreign(applicationID: applicationID, version: version, tables: tables)
        }
    }
}

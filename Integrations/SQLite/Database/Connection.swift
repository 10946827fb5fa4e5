import CSQLite

/// One open SQLite connection with its cache of prepared statements.
///
/// Not `Sendable`: a connection is created, used and closed by its `Database` actor only, so every
/// statement runs on that actor's executor and never on two threads at once. That is also why it
/// opens with `SQLITE_OPEN_NOMUTEX`: SQLite's per-connection mutex would only repeat the actor's
/// serialisation on every call.
final class Connection {
    /// The file path given to SQLite, or `":memory:"`.
    let path: String
    private let handle: OpaquePointer
    private var statements: [String: Statement] = [:]
    private var transactionDepth = 0
    /// What `gateCommits(_:)` installed, kept alive as long as SQLite may call it.
    private var commitGate: CommitGate?

    /// How a connection may use its file.
    enum Mode {
        /// Reads only; SQLite never writes the database file (nor rolls back a hot journal).
        case readOnly
        /// Reads and writes an existing file.
        case readWrite
        /// Reads and writes, creating the file when it is missing.
        case readWriteCreate

        fileprivate var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            }
        }
    }

    /// Opens the database at `path` in `mode` with extended result codes.
    ///
    /// SQLite reads nothing at open: a file that is not a database is detected by the first
    /// statement, so the caller runs a read before anything that writes.
    init(path: String, mode: Mode = .readWriteCreate) throws(SQLiteError) {
        var connection: OpaquePointer?
        let code = sqlite3_open_v2(path, &connection, mode.flags | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(code: code, connection: connection)
            sqlite3_close_v2(connection)
            throw error
        }
        sqlite3_extended_result_codes(connection, 1)
        self.path = path
        self.handle = connection
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Asks `allow` before every commit on this connection; a commit it refuses is rolled back
    /// and its statement fails with `SQLITE_CONSTRAINT_COMMITHOOK`. For the crash switch of the
    /// contract checks only.
    func gateCommits(_ allow: @escaping () -> Bool) {
        let gate = CommitGate(allow: allow)
        commitGate = gate
        sqlite3_commit_hook(
            handle,
            { context in
                guard let context else { return 0 }
                return Unmanaged<CommitGate>.fromOpaque(context).takeUnretainedValue().allow() ? 0 : 1
            },
            Unmanaged.passUnretained(gate).toOpaque())
    }

    // MARK: Running SQL

    /// Runs SQL that takes no values (schema scripts, transaction control, pragmas), possibly
    /// several statements separated by semicolons.
    func execute(_ sql: SQL) throws(SQLiteError) {
        let code = sqlite3_exec(handle, sql.text, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteError(code: sqlite3_extended_errcode(handle), connection: handle) }
    }

    /// Runs one statement with `values` bound in order and returns the number of rows it changed.
    @discardableResult
    func run(_ sql: SQL, _ values: any SQLiteBindable...) throws(SQLiteError) -> Int {
        try run(sql, values: values)
    }

    /// Runs one statement with `values` bound in order and returns the number of rows it changed.
    @discardableResult
    func run(_ sql: SQL, values: [any SQLiteBindable]) throws(SQLiteError) -> Int {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
        return Int(sqlite3_changes(handle))
    }

    /// Runs one query with `values` bound in order and returns each row read by `row`.
    func query<Row>(
        _ sql: SQL,
        _ values: any SQLiteBindable...,
        row: (Statement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> [Row] {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(values)
        var rows: [Row] = []
        while try statement.step() {
            rows.append(try row(statement))
        }
        return rows
    }

    /// Runs one query with `values` bound in order and returns its first row read by `row`, if any.
    func queryFirst<Row>(
        _ sql: SQL,
        _ values: any SQLiteBindable...,
        row: (Statement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> Row? {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try statement.step() ? try row(statement) : nil
    }

    /// The prepared statement for `sql`, prepared on first use and cached by its text.
    private func prepared(_ sql: SQL) throws(SQLiteError) -> Statement {
        if let statement = statements[sql.text] { return statement }
        let statement = try Statement(sql: sql.text, connection: handle)
        statements[sql.text] = statement
        return statement
    }

    /// The rowid of the last row this connection inserted.
    var lastInsertRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// Rows inserted, updated or deleted through this connection since it opened: a change here
    /// means this connection wrote.
    var totalChanges: Int64 {
        sqlite3_total_changes64(handle)
    }

    /// Finalizes every cached statement; they are prepared again on next use.
    func clearStatementCache() {
        statements.removeAll()
    }

    // MARK: Transactions

    /// Runs `body` in a write transaction and commits it, or rolls everything back when anything
    /// throws.
    ///
    /// The outermost call opens `BEGIN IMMEDIATE`, taking the write lock up front (waiting up to the
    /// busy timeout for another process), so a transaction never fails half-way to upgrade a read
    /// lock. Nested calls run in a savepoint that rolls back on its own.
    func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        let isOutermost = transactionDepth == 0
        try execute(isOutermost ? "BEGIN IMMEDIATE" : "SAVEPOINT nested")
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let result = try body()
            try execute(isOutermost ? "COMMIT" : "RELEASE nested")
            return result
        } catch {
            if isOutermost {
                // ROLLBACK fails only when SQLite already rolled back (e.g. after SQLITE_FULL); fine.
                try? execute("ROLLBACK")
            } else {
                try? execute("ROLLBACK TO nested")
                try? execute("RELEASE nested")
            }
            throw error
        }
    }
}

extension Connection {
    /// Whether closing the last connection to a WAL database copies the log into the file.
    ///
    /// Off while a file is being checked at start, so refusing a file (e.g. one from a newer app
    /// with an uncheckpointed log) leaves both the database and its log byte for byte as they were.
    func setCheckpointOnClose(_ enabled: Bool) throws(SQLiteError) {
        let code = csqlite_set_checkpoint_on_close(handle, enabled ? 1 : 0)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
    }

    /// Makes SQLite retry for up to `milliseconds` when another connection holds a lock, instead of
    /// failing at once with `SQLITE_BUSY` (the default busy handler is none).
    func setBusyTimeout(milliseconds: Int32) throws(SQLiteError) {
        let code = sqlite3_busy_timeout(handle, milliseconds)
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: handle) }
    }
}

/// The closure a commit hook calls, boxed so SQLite can hold a pointer to it.
private final class CommitGate {
    let allow: () -> Bool

    init(allow: @escaping () -> Bool) {
        self.allow = allow
    }
}

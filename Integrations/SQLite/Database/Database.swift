import CSQLite

/// The single owner of the integration's SQLite connection.
///
/// Every statement runs on this actor, so the connection and its cached statements are never used
/// from two threads. Services hand it short synchronous closures: `perform` for queries and
/// single-statement writes (SQLite makes each statement atomic on its own), `transaction` for
/// several statements that must commit together. Closing is explicit (`close()`), and also happens when the
/// actor is released, so a connection never leaks.
///
/// The actor runs on Swift's default executor, so a blocking SQLite call (an fsync, a wait of up
/// to the busy timeout for another process's lock) holds a cooperative thread while it lasts.
/// Moving the actor to its own serial dispatch queue was measured (`scripts/bench sqlite`, same
/// run): publishing fell from 0.92× to 0.56× raw SQLite and paging from 0.97× to 0.31×, because
/// every call pays a thread hand-off. The busy timeout bounds the blocking instead.
actor Database {
    /// The path handed to SQLite: a file path or `":memory:"`.
    nonisolated let path: String
    /// How errors name the database: the file path, or `"in-memory database"`.
    nonisolated let location: String
    private var connection: Connection?

    /// Creates a closed database for `path`; `open` opens it.
    init(path: String, location: String) {
        self.path = path
        self.location = location
    }

    /// Whether `open` succeeded and `close` has not been called since.
    var isOpen: Bool { connection != nil }

    /// Opens the connection, checks the file and migrates it; see `Database+Opening.swift`.
    func open(busyTimeoutMilliseconds: Int32, migrator: Migrator) throws(OpenFailure) {
        guard connection == nil else { return }
        connection = try Self.openChecked(
            path: path,
            inMemory: path == ":memory:",
            busyTimeoutMilliseconds: busyTimeoutMilliseconds,
            migrator: migrator
        )
    }

    /// Closes the connection after `PRAGMA optimize` and a truncating WAL checkpoint. Safe to call
    /// when closed.
    func close() {
        guard let connection else { return }
        try? connection.execute("PRAGMA optimize")
        try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.connection = nil
    }

    /// Runs `body` with the open connection; each statement in it commits on its own.
    @discardableResult
    func perform<Result: Sendable>(_ body: (Connection) throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try body(try openConnection())
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction that rolls back when `body` throws.
    @discardableResult
    func transaction<Result: Sendable>(_ body: (Connection) throws(SQLiteError) -> Result) throws(SQLiteError) -> Result
    {
        let connection = try openConnection()
        return try connection.transaction { () throws(SQLiteError) in try body(connection) }
    }

    /// Copies WAL content into the database file without waiting for readers or writers.
    func checkpoint() {
        try? connection?.execute("PRAGMA wal_checkpoint(PASSIVE)")
    }

    /// Frees caches that can be rebuilt: cached statements and SQLite's page cache.
    func releaseMemory() {
        connection?.clearStatementCache()
        try? connection?.execute("PRAGMA shrink_memory")
    }

    private func openConnection() throws(SQLiteError) -> Connection {
        guard let connection else {
            throw SQLiteError(code: SQLITE_MISUSE, message: "the SQLite integration is not started")
        }
        return connection
    }
}

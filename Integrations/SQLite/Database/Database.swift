import CSQLite
import IntegrationSupport
import Services

/// The single owner of the integration's SQLite connection.
///
/// Every statement runs on this actor, so the connection and its cached statements are never used
/// from two threads. Services hand it short synchronous closures through `run`, which is also
/// where every SQLite failure becomes a `ServiceError` naming the file: errors are mapped once,
/// here, not in each service method. Each statement commits on its own (SQLite makes it atomic);
/// `transaction` groups several that must commit together. Closing is explicit (`close()`), and also happens when the
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
    /// Notified after each commit through this connection, and, while anyone observes, after each
    /// commit through any other connection (another process) that `watchOutsideCommits` sees.
    nonisolated let changes = ChangeSignal()
    private var changesSeen: Int64 = 0
    /// What the last statement that met a damaged page said, once one has: health reports it.
    private(set) var damage: String?
    /// The contract checks' simulated crash: once tripped, every commit is rolled back.
    private nonisolated let crashSwitch: CrashSwitch?

    /// Creates a closed database for `path`; `open` opens it.
    init(path: String, location: String, crashSwitch: CrashSwitch? = nil) {
        self.path = path
        self.location = location
        self.crashSwitch = crashSwitch
    }

    /// Whether `open` succeeded and `close` has not been called since.
    var isOpen: Bool { connection != nil }

    /// Opens the connection, checks the file and migrates it; see `Database+Opening.swift`.
    ///
    /// - Returns: whether a non-empty write-ahead log lay beside the file before it was opened.
    @discardableResult
    func open(busyTimeoutMilliseconds: Int32, migrator: Migrator) throws(OpenFailure) -> Bool {
        guard connection == nil else { return false }
        let opened = try Self.openChecked(
            path: path,
            inMemory: path == ":memory:",
            busyTimeoutMilliseconds: busyTimeoutMilliseconds,
            migrator: migrator
        )
        connection = opened.connection
        if let crashSwitch {
            opened.connection.gateCommits { (try? crashSwitch.beforeDurableWrite()) != nil }
        }
        damage = nil
        // A new connection counts its changes from zero.
        changesSeen = opened.connection.totalChanges
        return opened.foundUnfinishedLog
    }

    /// Closes the connection after `PRAGMA optimize` and a truncating WAL checkpoint. Safe to call
    /// when closed.
    func close() {
        guard let connection else { return }
        try? connection.execute("PRAGMA optimize")
        try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        self.connection = nil
    }

    /// Runs `body` with the open connection (each statement in it commits on its own) and maps a
    /// failure to the `ServiceError` a service throws: `meaning` first, for the failures that mean
    /// something to the caller (a taken handle, an unknown author), then the common mapping that
    /// names the file (`ServiceError(_:location:)`).
    @discardableResult
    func run<Result: Sendable>(
        meaning: (SQLiteError) -> ServiceError? = { _ in nil },
        _ body: (Connection) throws(SQLiteError) -> Result
    ) throws(ServiceError) -> Result {
        do {
            return try perform(body)
        } catch {
            if let crashSwitch, crashSwitch.hasCrashed {
                // What the tripped switch says, not the rolled-back commit's constraint error.
                try crashSwitch.beforeDurableWrite()
            }
            throw meaning(error) ?? ServiceError(error, location: location)
        }
    }

    /// Runs `body` with the open connection; each statement in it commits on its own.
    @discardableResult
    func perform<Result: Sendable>(_ body: (Connection) throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try noticingDamage { () throws(SQLiteError) in try body(try openConnection()) }
    }

    /// Runs `body` in one `BEGIN IMMEDIATE` transaction that rolls back when `body` throws.
    @discardableResult
    func transaction<Result: Sendable>(_ body: (Connection) throws(SQLiteError) -> Result) throws(SQLiteError) -> Result
    {
        try noticingDamage { () throws(SQLiteError) in
            let connection = try openConnection()
            return try connection.transaction { () throws(SQLiteError) in try body(connection) }
        }
    }

    /// Records `damage` when `body` meets a damaged page, then rethrows.
    private func noticingDamage<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        defer { notifyIfWritten() }
        do {
            return try body()
        } catch {
            if error.isCorruption { damage = error.description }
            throw error
        }
    }

    /// Notifies `changes` when this connection changed rows since the last look: one C call, so
    /// every write is seen without any service having to remember to say so.
    private func notifyIfWritten() {
        guard let total = connection?.totalChanges, total != changesSeen else { return }
        changesSeen = total
        changes.notify()
    }

    /// Looks at `PRAGMA data_version` whenever `CommitWakeups` says a look is due, until
    /// cancelled, notifying `signal` when it moved: it moves when another connection (another
    /// process) commits, and a look costs one pragma. `ChangeSignal` runs this only while someone
    /// observes.
    func watchOutsideCommits(_ signal: ChangeSignal, every interval: Duration, backstop: Duration) async {
        var seen = dataVersion()
        let wakeups = CommitWakeups.make(walPath: path + "-wal", interval: interval, backstop: backstop)
        for await _ in wakeups {
            let version = dataVersion()
            if version != seen {
                seen = version
                signal.notify()
            }
        }
    }

    private func dataVersion() -> Int64? {
        try? connection?.queryFirst("PRAGMA data_version") { row in row.integer(at: 0) }
    }

    /// Reads every page of the file through a connection of its own (`PRAGMA quick_check`) and
    /// returns the problems found, none when the file is sound. Never blocks the actor: run it
    /// off the start path, as `SQLiteIntegration` does. An in-memory database has no file to
    /// check (a second connection would see an empty database of its own), so it reports none.
    nonisolated func checkIntegrity(busyTimeoutMilliseconds: Int32) -> [String] {
        guard path != ":memory:" else { return [] }
        do {
            let connection = try Connection(path: path, mode: .readOnly)
            try connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            let report = try connection.query("PRAGMA quick_check") { row in row.text(at: 0) }
            return report == ["ok"] ? [] : Array(report.prefix(5))
        } catch {
            return [error.description]
        }
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

import CSQLite

/// Brings a database's schema up to date by applying the migrations it has not seen yet.
///
/// The schema version lives in `PRAGMA user_version`, which is transactional: each migration and
/// its version bump commit together, so a crash leaves the database at the previous version or
/// the next, never in between. A database whose version is newer than the last migration was
/// written by a newer app; `Database.check` refuses it before anything is written, and `migrate`
/// leaves such a database alone.
struct Migrator {
    /// The migrations in order, versions 1, 2, 3, ...
    let migrations: [Migration]

    /// The version of the latest migration (0 when there are none).
    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Reads the database's schema version.
    static func version(of connection: Connection) throws(SQLiteError) -> Int {
        let version = try connection.queryFirst("PRAGMA user_version") { row in row.integer(at: 0) }
        return Int(version ?? 0)
    }

    /// Applies every migration newer than the database's version, each in its own transaction.
    ///
    /// The version is read first, outside any transaction: a current database takes no write
    /// lock, so starting never waits for another process's write. Two processes may migrate at
    /// once: the version is re-read inside each transaction, after `BEGIN IMMEDIATE` has taken
    /// the write lock, so a migration is never applied twice.
    /// - Throws: the SQLite failure of a migration (which is then rolled back). A database at or
    ///   ahead of the latest version is left alone (`Database.check` refuses a newer one first).
    func migrate(_ connection: Connection) throws(OpenFailure) {
        let current: Int
        do {
            current = try Self.version(of: connection)
        } catch {
            throw .sqlite(error)
        }
        guard current < latestVersion else { return }
        for migration in migrations where migration.version > current {
            do {
                try connection.transaction { () throws(SQLiteError) in
                    let current = try Self.version(of: connection)
                    guard current < migration.version else { return }
                    try connection.execute(migration.sql)
                    let after = try Self.version(of: connection)
                    guard after == migration.version else {
                        throw SQLiteError(
                            code: SQLITE_ERROR,
                            message: "migration \(migration.version) left user_version at \(after)"
                        )
                    }
                }
            } catch {
                throw .sqlite(error)
            }
        }
    }
}

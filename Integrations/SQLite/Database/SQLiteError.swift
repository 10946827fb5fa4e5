import CSQLite

/// A failure reported by the SQLite C API: the extended result code and SQLite's own message.
///
/// Internal to the integration. Services turn it into a `ServiceError` at their boundary with
/// `ServiceError(_:location:)` (in Mapping/), so no SQLite detail type leaks out of the silo.
struct SQLiteError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The extended result code, e.g. 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
    let code: Int32
    /// SQLite's message for the failure, or the integration's own words for failures it detects.
    let message: String
    /// The `errno` of the operating-system call that failed underneath (`EACCES`, `ENOSPC`, ...),
    /// or 0 when none did or it is unknown.
    let systemErrno: Int32

    /// The primary result code: the low byte of the extended code, e.g. 19 (`SQLITE_CONSTRAINT`).
    var primaryCode: Int32 { code & 0xFF }

    /// `"SQLite error 2067: UNIQUE constraint failed: users.handle"`.
    var description: String { "SQLite error \(code): \(message)" }

    /// Whether the file is not a readable database: `SQLITE_CORRUPT` (11) or `SQLITE_NOTADB` (26).
    var isCorruption: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

    /// Whether a UNIQUE or PRIMARY KEY constraint rejected a write.
    var isUniquenessViolation: Bool {
        code == ExtendedCode.constraintUnique || code == ExtendedCode.constraintPrimaryKey
    }

    /// Whether a FOREIGN KEY constraint rejected a write.
    var isForeignKeyViolation: Bool { code == ExtendedCode.constraintForeignKey }

    /// Extended result codes Swift does not import: sqlite3.h defines them as expressions
    /// (`SQLITE_CONSTRAINT | (8<<8)`), which the importer skips.
    enum ExtendedCode {
        static let constraintForeignKey = SQLITE_CONSTRAINT | (3 << 8)
        static let constraintPrimaryKey = SQLITE_CONSTRAINT | (6 << 8)
        static let constraintUnique = SQLITE_CONSTRAINT | (8 << 8)
    }

    /// Creates an error from a result code and the connection's current message and `errno`.
    init(code: Int32, connection: OpaquePointer?) {
        self.code = code
        if let connection, let text = sqlite3_errmsg(connection) {
            message = String(cString: text)
            systemErrno = sqlite3_system_errno(connection)
        } else {
            message = String(cString: sqlite3_errstr(code))
            systemErrno = 0
        }
    }

    /// Creates an error with the integration's own message, e.g. for a failed integrity check.
    init(code: Int32, message: String, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.systemErrno = systemErrno
    }
}

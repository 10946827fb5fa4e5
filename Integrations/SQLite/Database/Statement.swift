import CSQLite

/// SQLite frees nothing it was handed and copies the bytes at bind time. Swift does not import the C
/// macro `SQLITE_TRANSIENT` (`((sqlite3_destructor_type)-1)`), so it is rebuilt here.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement, owned by a `Connection` and used only on its owner's actor.
///
/// Values are bound by index (1-based, in the order of the `?` placeholders), never spliced into
/// the SQL text. Columns are read by index (0-based) with typed readers. Not `Sendable`: a
/// statement must never be used from two threads.
final class Statement {
    private let handle: OpaquePointer
    /// The connection the statement belongs to, for error messages.
    private let connection: OpaquePointer

    /// The SQL text the statement was prepared from; also its key in the statement cache.
    let sql: String

    init(sql: String, connection: OpaquePointer) throws(SQLiteError) {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(connection, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(code: code, connection: connection)
        }
        self.handle = statement
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Binding

    /// Binds `values` to the placeholders `?1`, `?2`, ... in order.
    func bind(_ values: [any SQLiteBindable]) throws(SQLiteError) {
        for (offset, value) in values.enumerated() {
            try value.bind(to: self, at: Int32(offset + 1))
        }
    }

    func bindText(_ text: String, at index: Int32) throws(SQLiteError) {
        var text = text
        let code = text.withUTF8 { bytes in
            sqlite3_bind_text(handle, index, bytes.baseAddress, Int32(bytes.count), transient)
        }
        try check(code)
    }

    func bindInteger(_ value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    func bindNull(at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_null(handle, index))
    }

    // MARK: Stepping

    /// Advances to the next row: `true` when a row is available, `false` when the statement is done.
    func step() throws(SQLiteError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw SQLiteError(code: sqlite3_extended_errcode(connection), connection: connection)
        }
    }

    /// Makes the statement ready for its next use and forgets its bindings.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Columns

    /// Whether column `index` of the current row is NULL.
    func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// Column `index` of the current row as an integer (0 for NULL).
    func integer(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// Column `index` of the current row as text, keeping embedded NUL bytes ("" for NULL).
    func text(at index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` of the current row as text, or `nil` for NULL.
    func optionalText(at index: Int32) -> String? {
        isNull(at: index) ? nil : text(at: index)
    }

    /// Column `index` of the current row as an integer, or `nil` for NULL.
    func optionalInteger(at index: Int32) -> Int64? {
        isNull(at: index) ? nil : integer(at: index)
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw SQLiteError(code: code, connection: connection) }
    }
}

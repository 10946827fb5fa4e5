/// A Swift value that can be bound to a statement placeholder.
///
/// The only way a value reaches SQL: statements bind values, they never contain them.
protocol SQLiteBindable {
    /// Binds the value to placeholder `index` (1-based) of `statement`.
    func bind(to statement: Statement, at index: Int32) throws(SQLiteError)
}

extension String: SQLiteBindable {
    func bind(to statement: Statement, at index: Int32) throws(SQLiteError) {
        try statement.bindText(self, at: index)
    }
}

extension Int64: SQLiteBindable {
    func bind(to statement: Statement, at index: Int32) throws(SQLiteError) {
        try statement.bindInteger(self, at: index)
    }
}

extension Int: SQLiteBindable {
    func bind(to statement: Statement, at index: Int32) throws(SQLiteError) {
        try statement.bindInteger(Int64(self), at: index)
    }
}

extension Optional: SQLiteBindable where Wrapped: SQLiteBindable {
    func bind(to statement: Statement, at index: Int32) throws(SQLiteError) {
        switch self {
        case .some(let value): try value.bind(to: statement, at: index)
        case .none: try statement.bindNull(at: index)
        }
    }
}

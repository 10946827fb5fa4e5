import Testing

@testable import SQLiteIntegration

@Suite("SQLite connection")
struct ConnectionTests {
    private func makeConnection() throws -> Connection {
        let connection = try Connection(path: ":memory:")
        try connection.execute("CREATE TABLE items (name TEXT NOT NULL UNIQUE)")
        return connection
    }

    private func names(_ connection: Connection) throws -> [String] {
        try connection.query("SELECT name FROM items ORDER BY name") { $0.text(at: 0) }
    }

    @Test("a transaction that throws rolls back everything it wrote")
    func transactionRollsBack() throws {
        // Given a connection with one row
        let connection = try makeConnection()
        try connection.run("INSERT INTO items (name) VALUES (?1)", "kept")

        // When a transaction writes a row and then fails on a duplicate
        #expect(throws: SQLiteError.self) {
            try connection.transaction { () throws(SQLiteError) in
                try connection.run("INSERT INTO items (name) VALUES (?1)", "new")
                try connection.run("INSERT INTO items (name) VALUES (?1)", "kept")
            }
        }

        // Then only the row from before remains
        #expect(try names(connection) == ["kept"])
    }

    @Test("a failed nested transaction rolls back to its savepoint and the outer one commits")
    func nestedSavepoint() throws {
        // Given a connection
        let connection = try makeConnection()

        // When an outer transaction survives a failing nested one
        try connection.transaction { () throws(SQLiteError) in
            try connection.run("INSERT INTO items (name) VALUES (?1)", "outer")
            do throws(SQLiteError) {
                try connection.transaction { () throws(SQLiteError) in
                    try connection.run("INSERT INTO items (name) VALUES (?1)", "inner")
                    try connection.run("INSERT INTO items (name) VALUES (?1)", "outer")
                }
            } catch {
                #expect(error.isUniquenessViolation)
            }
        }

        // Then the outer write committed and the inner one did not
        #expect(try names(connection) == ["outer"])
    }

    @Test("text with NUL bytes and a statement reused from the cache round-trip")
    func textAndCache() throws {
        // Given a connection
        let connection = try makeConnection()

        // When the same statement text inserts twice with different values
        try connection.run("INSERT INTO items (name) VALUES (?1)", "a\0b")
        try connection.run("INSERT INTO items (name) VALUES (?1)", "c")

        // Then both values read back exactly
        #expect(try names(connection).map { Array($0.utf8) } == [Array("a\0b".utf8), Array("c".utf8)])
    }
}

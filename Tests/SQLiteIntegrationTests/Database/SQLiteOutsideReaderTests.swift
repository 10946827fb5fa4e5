import Foundation
import Models
import SQLiteIntegration
import Testing

@Suite("SQLite outside reader")
struct SQLiteOutsideReaderTests {
    @Test("the sqlite3 command-line tool finds the database intact with the documented tables")
    func sqlite3CommandLine() async throws {
        // Given a database the integration wrote and stopped
        let file = try DatabaseFile()
        try await file.populate(posts: 25)

        // When the sqlite3 tool checks it and prints the schema
        let check = try runSQLite3(file.url.path, "PRAGMA integrity_check;")
        let schema = try runSQLite3(file.url.path, ".schema")

        // Then it is intact and has the tables and indexes Docs/Integrations/SQLite.md lists
        #expect(check.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        for name in [
            "CREATE TABLE users", "CREATE TABLE posts", "CREATE TABLE videos",
            "CREATE INDEX posts_by_author_newest_first", "CREATE INDEX videos_by_owner_newest_first",
        ] {
            #expect(schema.contains(name), "missing \(name) in:\n\(schema)")
        }
        let count = try runSQLite3(file.url.path, "SELECT count(*) FROM posts;")
        #expect(count.trimmingCharacters(in: .whitespacesAndNewlines) == "25")
    }

    /// Runs `sqlite3 <path> <command>` (installed by `.ci/run`) and returns its standard output.
    private func runSQLite3(_ path: String, _ command: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-readonly", path, command]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The tool exits on its own after one command; reading to EOF bounds the wait by its exit.
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 exited with \(process.terminationStatus)")
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation
import Models
import SQLiteIntegration
import TestSupport
import Testing

@Suite("SQLite outside reader")
struct SQLiteOutsideReaderTests {
    /// The `sqlite3` command-line tool, which `.ci/run` installs; the test says so when it is missing.
    static let sqlite3 = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3", "/opt/homebrew/bin/sqlite3"]
        .map { URL(fileURLWithPath: $0) }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    @Test(
        "the sqlite3 command-line tool finds the database intact with the documented tables",
        .requires(sqlite3 != nil, "needs the sqlite3 command-line tool (apt-get install sqlite3)")
    )
    func sqlite3CommandLine() async throws {
        // Given a database the integration wrote and stopped
        let file = try DatabaseFile()
        try await file.populate(posts: 25)

        // When the sqlite3 tool checks it and prints the schema
        let check = try await runSQLite3(file.url.path, "PRAGMA integrity_check;")
        let schema = try await runSQLite3(file.url.path, ".schema")

        // Then it is intact and has the tables and indexes Docs/Integrations/SQLite.md lists
        #expect(check.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")
        for name in [
            "CREATE TABLE users", "CREATE TABLE posts", "CREATE TABLE videos",
            "CREATE INDEX posts_by_author_newest_first", "CREATE INDEX videos_by_owner_newest_first",
        ] {
            #expect(schema.contains(name), "missing \(name) in:\n\(schema)")
        }
        let count = try await runSQLite3(file.url.path, "SELECT count(*) FROM posts;")
        #expect(count.trimmingCharacters(in: .whitespacesAndNewlines) == "25")
    }

    /// Runs `sqlite3 -readonly <path> <command>` and returns its standard output.
    private func runSQLite3(_ path: String, _ command: String) async throws -> String {
        let tool = try #require(Self.sqlite3)
        let outcome = try await ChildProcess.run(
            tool,
            arguments: ["-readonly", path, command],
            in: URL(fileURLWithPath: path).deletingLastPathComponent()
        )
        #expect(outcome.status == 0, "sqlite3 exited with \(outcome.status): \(outcome.standardError)")
        return outcome.standardOutput
    }
}

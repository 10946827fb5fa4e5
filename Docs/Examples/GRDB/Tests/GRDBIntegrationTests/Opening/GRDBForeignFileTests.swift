import Foundation
import GRDBIntegration
import Services
import TestSupport
import Testing

@Suite("GRDB refuses files it did not write")
struct GRDBForeignFileTests {
    /// What other programs leave where the database should be (the SQL that makes it, or none for
    /// a text file): each must be refused as corrupt data, unchanged. 0x5349_4C4F is the SQLite
    /// integration's `application_id`.
    static let foreignFiles: [(label: String, sql: String?)] = [
        ("a text file", nil),
        ("a rollback-journal database", "CREATE TABLE notes (body TEXT)"),
        (
            "a WAL database",
            "PRAGMA journal_mode = WAL; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me')"
        ),
        (
            "the SQLite integration's database",
            "PRAGMA application_id = \(0x5349_4C4F); CREATE TABLE users (id TEXT); CREATE TABLE posts (id TEXT)"
        ),
    ]

    @Test(
        "another program's file is refused naming it, byte for byte unchanged, with nothing left beside it",
        arguments: 0..<foreignFiles.count)
    func foreignFileIsRefused(_ index: Int) async throws {
        // Given another program's file where the database should be
        let (label, sql) = Self.foreignFiles[index]
        let expected = sql == nil ? "not a database" : "another program's database"
        let directory = try TemporaryDirectory(prefix: "grdb-foreign")
        let configuration = GRDBIntegration.Configuration(directory: directory.url)
        let file = configuration.databaseURL
        if let sql {
            try writeAsAnotherProgram(sql, at: file)
        } else {
            try Data("a shopping list, not a database\n".utf8).write(to: file)
        }
        let before = DirectoryListing.entries(of: directory.url)

        // When the integration starts on it
        let integration = GRDBIntegration(configuration: configuration)
        let error = await expectServiceError(.corruptData, "\(label)") { () throws(ServiceError) in
            try await integration.start()
        }
        await integration.stop()

        // Then the message names the file and what it is; nothing changed
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains(file.path), "\(label): \(message)")
        #expect(message.contains(expected), "\(label): \(message)")
        #expect(DirectoryListing.entries(of: directory.url) == before, "\(label): the directory changed")
    }

    @Test("a database written by a newer version is refused, unchanged")
    func newerDatabaseIsRefused() async throws {
        // Given this integration's database, then migrated further by a newer version
        let directory = try TemporaryDirectory(prefix: "grdb-newer")
        let configuration = GRDBIntegration.Configuration(directory: directory.url)
        let first = GRDBIntegration(configuration: configuration)
        try await first.start()
        await first.stop()
        try writeAsAnotherProgram(
            "INSERT INTO grdb_migrations (identifier) VALUES ('comments, from a later version')",
            at: configuration.databaseURL)
        let before = DirectoryListing.entries(of: directory.url)

        // When this version starts on it
        let integration = GRDBIntegration(configuration: configuration)
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in try await integration.start() }
        await integration.stop()

        // Then it says so and changes nothing
        #expect(error.map { "\($0)" }?.contains("newer version") == true, "\(String(describing: error))")
        #expect(DirectoryListing.entries(of: directory.url) == before)
    }
}

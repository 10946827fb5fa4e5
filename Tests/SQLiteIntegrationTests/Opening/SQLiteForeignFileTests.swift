import Foundation
import Services
import TestSupport
import Testing

@testable import SQLiteIntegration

@Suite("SQLite refuses files it did not write")
struct SQLiteForeignFileTests {
    /// Another program's databases: each must be refused, byte for byte unchanged, nothing beside it.
    static let foreignDatabases: [(label: String, sql: SQL)] = [
        (
            "a rollback-journal database with its own table",
            "CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT);"
        ),
        (
            "a WAL database with its own table",
            "PRAGMA journal_mode = WAL; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('keep me');"
        ),
        ("a database with another application id", "PRAGMA application_id = 42; CREATE TABLE users (id TEXT);"),
        ("a database with a user version but other tables", "PRAGMA user_version = 2; CREATE TABLE users (id TEXT);"),
        ("a database marked as ours in name only", "CREATE TABLE posts (id TEXT); CREATE TABLE users (x INT);"),
    ]

    @Test(
        "another program's database is refused naming the file, byte for byte unchanged, with no -wal or -shm left",
        arguments: 0..<foreignDatabases.count)
    func foreignDatabaseIsRefused(_ index: Int) async throws {
        // Given another program's database where Silo's should be
        let (label, sql) = Self.foreignDatabases[index]
        let file = try DatabaseFile()
        do {
            let other = try Connection(path: file.url.path)
            try other.execute(sql)
        }
        let before = try file.digest()
        let entriesBefore = try file.directory.entryCount()

        // When the integration starts on it
        let integration = file.integration()
        let error = await expectServiceError(.corruptData, "\(label)") { () throws(ServiceError) in
            try await integration.start()
        }
        await integration.stop()

        // Then the message names the file and says it is another program's; nothing changed
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains(file.url.path), "\(label): \(message)")
        #expect(message.contains("another program's database"), "\(label): \(message)")
        #expect(try file.digest() == before, "\(label): the file changed")
        #expect(try file.directory.entryCount() == entriesBefore, "\(label): files were left beside it")
    }

    @Test("an empty file is initialised as a new database")
    func emptyFileIsInitialised() async throws {
        // Given an empty file where the database should be
        let file = try DatabaseFile()
        _ = FileManager.default.createFile(atPath: file.url.path, contents: Data())

        // When the integration starts on it and stores a user
        try await file.withStarted { integration in
            _ = try await integration.userService.create(.init(handle: "fresh", displayName: "Fresh"))
        }

        // Then it is Silo's database now
        let check = try Connection(path: file.url.path, mode: .readOnly)
        #expect(try DatabaseOwnership.read(from: check) == .ours(version: Migration.all.count))
    }

    @Test("a database made before databases were marked is recognised by its tables and marked")
    func unmarkedSiloDatabaseIsAdopted() async throws {
        // Given a version-2 Silo database without an application id, holding a post
        let file = try DatabaseFile()
        do {
            let old = try Connection(path: file.url.path)
            for migration in Migration.all.prefix(2) { try old.execute(migration.sql) }
            try old.execute("INSERT INTO users VALUES ('u1', 'olduser', 'Old', 0)")
        }

        // When the integration starts on it
        let user = try await file.withStarted { integration in
            try await integration.userService.user(id: "u1")
        }

        // Then its data is served and the file now carries the mark
        #expect(user.handle.rawValue == "olduser")
        let check = try Connection(path: file.url.path, mode: .readOnly)
        let applicationID = try check.queryFirst("PRAGMA application_id") { row in row.integer(at: 0) }
        #expect(applicationID == Int64(DatabaseOwnership.applicationID))
    }

    @Test("the mark the migration writes is the application id the check expects")
    func migrationWritesTheApplicationID() {
        #expect(Migration.all.contains { $0.sql.text.contains("application_id = \(DatabaseOwnership.applicationID);") })
    }

    @Test("a new database and its log are readable and writable by their owner only (0600)")
    func newDatabaseIsPrivate() async throws {
        // Given no database yet
        let file = try DatabaseFile()

        // When the integration creates it and writes
        let integration = file.integration()
        try await integration.start()
        _ = try await integration.userService.create(.init(handle: "private", displayName: "P"))

        // Then the database, its log and its shared-memory file are 0600
        for suffix in ["", "-wal", "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file.url.path + suffix)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600, "silo.sqlite\(suffix)")
        }
        await integration.stop()
    }

    @Test("a directory where the database should be is refused, naming it")
    func directoryIsRefused() async throws {
        let file = try DatabaseFile()
        try FileManager.default.createDirectory(at: file.url, withIntermediateDirectories: false)
        let integration = file.integration()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in try await integration.start() }
        #expect(error.map { "\($0)".contains("a directory") && "\($0)".contains(file.url.path) } == true)
    }
}

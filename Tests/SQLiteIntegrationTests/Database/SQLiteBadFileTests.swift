import Foundation
import SQLiteIntegration
import Services
import TestSupport
import Testing

@Suite("SQLite bad files")
struct SQLiteBadFileTests {
    @Test("a file that is not a database stops start with corrupt data naming it, unchanged")
    func notADatabase() async throws {
        // Given a text file where the database should be
        let file = try DatabaseFile()
        try Data(String(repeating: "this is not a database\n", count: 500).utf8).write(to: file.url)
        let before = try file.digest()

        // When the integration starts on it
        let integration = file.integration()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in
            try await integration.start()
        }

        // Then the error names the file, the health says why, and the bytes are as they were
        #expect(error.map { "\($0)".contains(file.url.path) } == true)
        #expect(await integration.health().isServing == false)
        #expect(try file.digest() == before)
        await integration.stop()
        #expect(try file.digest() == before)
    }

    @Test("a truncated database stops start with corrupt data naming it, unchanged")
    func truncatedDatabase() async throws {
        // Given a database with data, cut to half its size
        let file = try DatabaseFile()
        try await file.populate(posts: 400)
        let bytes = try Data(contentsOf: file.url)
        try bytes.prefix(bytes.count / 2).write(to: file.url)
        let before = try file.digest()

        // When the integration starts on it
        let integration = file.integration()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in
            try await integration.start()
        }

        // Then the error names the file and the bytes are unchanged
        #expect(error.map { "\($0)".contains(file.url.path) } == true)
        await integration.stop()
        #expect(try file.digest() == before)
    }

    @Test("a database from a newer app version is refused, naming the file and the versions, unchanged")
    func newerSchemaVersion() async throws {
        // Given a database whose schema version is ahead of this app's migrations
        let file = try DatabaseFile()
        try await file.populate(posts: 3)
        try setUserVersion("PRAGMA user_version = 99", of: file)
        let before = try file.digest()

        // When the integration starts on it
        let integration = file.integration()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in
            try await integration.start()
        }

        // Then the error names the file and the version, and the bytes are unchanged
        let message = error.map { "\($0)" } ?? ""
        #expect(message.contains(file.url.path))
        #expect(message.contains("99"))
        await integration.stop()
        #expect(try file.digest() == before)
    }

    @Test("a newer database whose version is still in its log is refused; file and log unchanged")
    func newerSchemaVersionInLog() async throws {
        // Given a database whose newer version was committed to the log but never checkpointed
        let file = try DatabaseFile()
        try await file.populate(posts: 3)
        try setUserVersionInLog("PRAGMA user_version = 42", of: file)
        let log = URL(fileURLWithPath: file.url.path + "-wal")
        let before = (try file.digest(), try SampleFile.sha256(of: log))

        // When the integration starts on it and is stopped
        let integration = file.integration()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in
            try await integration.start()
        }
        await integration.stop()

        // Then the newer version was seen, and neither the file nor its log changed
        #expect(error.map { "\($0)".contains("42") } == true)
        #expect(try file.digest() == before.0)
        #expect(try SampleFile.sha256(of: log) == before.1)
    }
}

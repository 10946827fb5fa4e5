import Foundation
import Models
import Services
import TestSupport
import Testing

@testable import SQLiteIntegration

/// A write in rollback mode that a kill interrupted leaves a hot journal beside the file (the
/// switch of a new file to WAL is one): start rolls it back when the file is this app's, and
/// refuses another program's file without touching it or its journal.
@Suite("SQLite files with an interrupted write")
struct SQLiteHotJournalTests {
    @Test("this app's database with a hot journal is rolled back at start, not taken for a read-only file")
    func oursIsRolledBack() async throws {
        // Given this app's database with three posts, as a kill in the middle of a write left it
        let source = try DatabaseFile(prefix: "sqlite-source")
        let posts = try await source.populate(posts: 3)
        let file = try DatabaseFile()
        try Self.copyInterruptedWrite(of: source.url, to: file.url)

        // When the integration starts on it
        let feed = try await file.withStarted { integration in
            try await integration.postService.feed(authorID: posts[0].authorID, page: .first(10))
        }

        // Then the posts are there, and the interrupted write is gone with its journal
        #expect(feed.items.count == 3)
        let tables = try withRawConnection(to: file) { connection in
            try connection.query("SELECT name FROM sqlite_master WHERE name = 'interrupted'") { $0.text(at: 0) }
        }
        #expect(tables.isEmpty, "the interrupted write's table survived")
        #expect(!FileManager.default.fileExists(atPath: file.url.path + "-journal"))
    }

    @Test("another program's database with a hot journal is refused, the file and its journal unchanged")
    func foreignIsLeftAlone() async throws {
        // Given another program's database as a kill in the middle of a write left it
        let source = try DatabaseFile(prefix: "sqlite-source")
        do {
            let other = try Connection(path: source.url.path)
            try other.execute("CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT)")
        }
        let file = try DatabaseFile()
        try Self.copyInterruptedWrite(of: source.url, to: file.url)
        let journal = URL(fileURLWithPath: file.url.path + "-journal")
        let before = try (file.digest(), SampleFile.sha256(of: journal))
        let entriesBefore = try file.directory.entryCount()

        // When the integration starts on it
        let integration = file.integration()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in
            try await integration.start()
        }
        await integration.stop()

        // Then it is refused as another program's, and nothing beside it or in it changed
        #expect(error.map { "\($0)".contains("another program's database") } == true, "\(String(describing: error))")
        #expect(try (file.digest(), SampleFile.sha256(of: journal)) == before, "the file or its journal changed")
        #expect(try file.directory.entryCount() == entriesBefore)
    }

    /// Copies `source` and its journal to `target` while a write that has spilled into the file
    /// is in flight on `source` (a new table, then 1.3 MB in a cache of a few pages): the pair a
    /// kill in the middle of that write leaves. The write is then rolled back on the source.
    private static func copyInterruptedWrite(of source: URL, to target: URL) throws {
        let connection = try Connection(path: source.path)
        try connection.execute("PRAGMA journal_mode = DELETE")
        try connection.execute("PRAGMA cache_size = 2")
        try connection.execute("BEGIN IMMEDIATE")
        try connection.execute("CREATE TABLE interrupted (bytes BLOB)")
        for _ in 0..<20 { try connection.execute("INSERT INTO interrupted VALUES (zeroblob(65536))") }
        try FileManager.default.copyItem(at: source, to: target)
        try FileManager.default.copyItem(atPath: source.path + "-journal", toPath: target.path + "-journal")
        try connection.execute("ROLLBACK")
    }
}

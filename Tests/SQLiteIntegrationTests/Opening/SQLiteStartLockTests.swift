import Foundation
import Models
import Services
import TestSupport
import Testing

@testable import SQLiteIntegration

@Suite("SQLite start-up takes no write lock")
struct SQLiteStartLockTests {
    @Test("start and reads go through while another connection holds a write transaction")
    func startDoesNotWaitForAWriter() async throws {
        // Given a current database and another connection in the middle of a write transaction
        let file = try DatabaseFile()
        let posts = try await file.populate(posts: 3)
        let writer = try Connection(path: file.url.path)
        try writer.execute("BEGIN IMMEDIATE")
        try writer.execute("INSERT INTO users VALUES ('w', 'writer', 'Writer', 0)")

        // When an integration with a short busy timeout starts and reads
        let integration = SQLiteIntegration(
            configuration: .init(storage: .file(file.url), busyTimeout: .milliseconds(100)))
        try await integration.start()
        let feed = try await integration.postService.feed(authorID: posts[0].authorID, page: .first(10))

        // Then nothing waited for the writer, and the reader sees the committed posts only
        #expect(feed.items.count == 3)
        try writer.execute("ROLLBACK")
        await integration.stop()
    }
}

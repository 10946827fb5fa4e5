import Foundation
import Models
import Services
import TestSupport
import Testing

@testable import SQLiteIntegration

@Suite("SQLite error mapping")
struct SQLiteErrorTests {
    /// Extended result codes from sqlite3.h, written out so the test needs no C import.
    static let cases: [(code: Int32, kind: ServiceError.Kind)] = [
        (5, .unavailable),  // SQLITE_BUSY
        (6, .unavailable),  // SQLITE_LOCKED
        (13, .unavailable),  // SQLITE_FULL
        (10, .unavailable),  // SQLITE_IOERR
        (10 | (3 << 8), .unavailable),  // SQLITE_IOERR_WRITE
        (11, .corruptData),  // SQLITE_CORRUPT
        (26, .corruptData),  // SQLITE_NOTADB
        (1, .unavailable),  // SQLITE_ERROR
        (2067, .unavailable),  // SQLITE_CONSTRAINT_UNIQUE outside a service that gives it meaning
    ]

    @Test("every SQLite result code maps to a ServiceError that names the file", arguments: 0..<cases.count)
    func mapping(_ index: Int) {
        // Given an SQLite failure
        let (code, kind) = Self.cases[index]
        let error = SQLiteError(code: code, message: "message \(code)")

        // When it crosses the service boundary
        let mapped = ServiceError(error, location: "/data/silo.sqlite")

        // Then it has the expected kind and keeps the file, code and message
        #expect(mapped.kind == kind)
        let text = "\(mapped)"
        #expect(text.contains("/data/silo.sqlite"))
        #expect(text.contains("message \(code)"))
    }

    @Test("a write lock held past the busy timeout reaches the caller as unavailable")
    func busyBecomesUnavailable() async throws {
        // Given a started integration with a short busy timeout and an author
        let file = try DatabaseFile()
        let integration = SQLiteIntegration(
            configuration: .init(storage: .file(file.url), busyTimeout: .milliseconds(50)))
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "blocked", displayName: "B"))

        // And another connection holding the write lock
        let other = try Connection(path: file.url.path)
        try other.execute("BEGIN IMMEDIATE")

        // When the integration tries to write
        await expectServiceError(.unavailable) { () throws(ServiceError) in
            try await integration.postService.publish(PostDraft(authorID: author.id, text: "waits"))
        }

        // Then once the lock is released, writing works again and nothing half-done remains
        try other.execute("ROLLBACK")
        let post = try await integration.postService.publish(PostDraft(authorID: author.id, text: "goes through"))
        #expect(try await integration.postService.feed(authorID: author.id, page: .first(10)).items == [post])
        await integration.stop()
    }
}

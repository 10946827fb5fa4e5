// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import Models
import Services
import Testing

@testable import SQLiteIntegration

@Suite("SQLite outbox migration")
struct OutboxMigrationTests {
    @Test("a publish queued before sends were marked counts as taken: a delete after the upgrade keeps it")
    func queuedPublishCountsAsTaken() async throws {
        // Given a version-5 database whose outbox holds a publish (it may have been sent already)
        let file = try DatabaseFile()
        try withRawConnection(to: file) { connection in
            try Migrator(migrations: Array(Migration.all.prefix(5))).migrate(connection)
            try connection.run(
                "INSERT INTO users (id, handle, display_name, created_at) VALUES (?1, ?2, ?3, ?4)",
                "user-1", "early", "Early", Int64(1_700_000_000_000))
            try connection.run(
                "INSERT INTO posts (id, author_id, text, created_at) VALUES (?1, ?2, ?3, ?4)",
                "post-1", "user-1", "queued at version 5", Int64(1_700_000_000_001))
            try connection.run(
                "INSERT INTO outbox (key, kind, post_id, author_id, text, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                "key-1", "publish", "post-1", "user-1", "queued at version 5", Int64(1_700_000_000_001))
        }

        // When the integration starts on it and the post is deleted
        let outbox = try await file.withStarted { integration in
            let before = try await integration.replica.outbox()
            #expect(before.map(\.isAttempted) == [true])
            _ = try await integration.replica.record(.delete(postID: "post-1", authorID: "user-1"), key: "key-2")
            return try await integration.replica.outbox()
        }

        // Then the publish stays, before the delete
        #expect(outbox.map(\.key) == ["key-1", "key-2"])
        #expect(outbox.map(\.isAttempted) == [true, false])
    }

    @Test("a cursor kept before whole listings could be due is read as it was, and no listing is due")
    func cursorKept() async throws {
        // Given a version-6 database that read an author's feed up to a cursor
        let file = try DatabaseFile()
        try withRawConnection(to: file) { connection in
            try Migrator(migrations: Array(Migration.all.prefix(6))).migrate(connection)
            try connection.run("INSERT INTO sync_cursors (author_id, cursor) VALUES (?1, ?2)", "user-1", "c-6")
        }

        // When the integration starts on it, then its cursor is the one kept
        let cursor = try await file.withStarted { integration in
            try await integration.replica.cursor(authorID: "user-1")
        }
        #expect(cursor == "c-6")
    }
}

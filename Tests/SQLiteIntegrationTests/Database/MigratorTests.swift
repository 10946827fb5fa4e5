import Foundation
import Models
import Services
import Testing

@testable import SQLiteIntegration

@Suite("SQLite migrations")
struct MigratorTests {
    @Test("a database made by the first migration alone, with data, upgrades to the latest without loss")
    func upgradeFromFirstMigration() async throws {
        // Given a version-1 database holding a user and two posts, written with plain SQL
        let file = try DatabaseFile()
        try withRawConnection(to: file) { connection in
            try Migrator(migrations: [Migration.all[0]]).migrate(connection)
            try connection.run(
                "INSERT INTO users (id, handle, display_name, created_at) VALUES (?1, ?2, ?3, ?4)",
                "user-1", "early", "Early Adopter", Int64(1_700_000_000_000)
            )
            for (id, time) in [("post-1", Int64(1_700_000_000_001)), ("post-2", Int64(1_700_000_000_002))] {
                try connection.run(
                    "INSERT INTO posts (id, author_id, text, created_at, video_id) VALUES (?1, ?2, ?3, ?4, ?5)",
                    id, "user-1", "written at version 1", time, String?.none
                )
            }
            #expect(try Migrator.version(of: connection) == 1)
        }

        // When the integration starts on it
        let (user, feed) = try await file.withStarted { integration in
            let user = try await integration.userService.user(handle: Handle("early"))
            let feed = try await integration.postService.feed(authorID: user.id, page: .first(10))
            // begin part of: library
            // The table a later version added works.
            let video = try await integration.videoLibraryService.save(
                Video(id: "video-1", ownerID: user.id, title: "After upgrade", status: .processing, createdAt: Date())
            )
            #expect(video.title == "After upgrade")
            // end part of: library
            return (user, feed)
        }

        // Then the old data reads back
        #expect(user.displayName == "Early Adopter")
        #expect(feed.items.map(\.id) == ["post-2", "post-1"])
        let version = try withRawConnection(to: file) { try Migrator.version(of: $0) }
        #expect(version == Migration.all.count)
    }

    @Test("a failing migration rolls back entirely and leaves the previous version")
    func failingMigrationRollsBack() throws {
        // Given a database at the latest version and a broken next migration
        let file = try DatabaseFile()
        let latest = Migration.all.count
        let broken = Migration(
            version: latest + 1,
            summary: "broken",
            sql: "CREATE TABLE half_done (id TEXT); INSERT INTO no_such_table VALUES (1); PRAGMA user_version = 99;"
        )

        // When it is applied after the real ones
        let failed = try withRawConnection(to: file) { connection -> Bool in
            do {
                try Migrator(migrations: Migration.all + [broken]).migrate(connection)
                return false
            } catch {
                return true
            }
        }

        // Then it failed, its table is absent and the version is the last good one
        #expect(failed)
        try withRawConnection(to: file) { connection in
            #expect(try Migrator.version(of: connection) == latest)
            let tables = try connection.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name = ?1", "half_done"
            ) { $0.text(at: 0) }
            #expect(tables.isEmpty)
        }
    }

    @Test("migration versions are consecutive from 1")
    func versionsAreConsecutive() {
        #expect(Migration.all.map(\.version) == Array(1...Migration.all.count))
    }
}

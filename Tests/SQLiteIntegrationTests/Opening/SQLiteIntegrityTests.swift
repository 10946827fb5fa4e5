import Foundation
import Models
import Services
import TestSupport
import Testing

@testable import SQLiteIntegration

@Suite("SQLite damage found after start")
struct SQLiteIntegrityTests {
    @Test("a damaged page read during use reaches the caller as corrupt data naming the file, and health reports it")
    func damageFoundDuringUse() async throws {
        // Given a database whose pages after the first were overwritten while it was closed
        let file = try DatabaseFile()
        let posts = try await file.populate(posts: 400)
        try damagePagesAfterTheFirst(of: file)

        // When it starts (the header and schema are intact) and the feed is read
        let integration = file.integration()
        try await integration.start()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in
            try await integration.postService.feed(authorID: posts[0].authorID, page: .first(50))
        }

        // Then the error names the file and health says the database is damaged
        #expect(error.map { "\($0)".contains(file.url.path) } == true)
        let health = await integration.health()
        #expect("\(health)".contains("damaged"), "\(health)")
        await integration.stop()
    }

    @Test("verifyIntegrity passes on a sound file and names the damage on a damaged one")
    func verifyOnDemand() async throws {
        let file = try DatabaseFile()
        try await file.populate(posts: 400)
        try await file.withStarted { integration in try await integration.verifyIntegrity() }
        try damagePagesAfterTheFirst(of: file)
        let integration = file.integration()
        try await integration.start()
        let error = await expectServiceError(.corruptData) { () throws(ServiceError) in
            try await integration.verifyIntegrity()
        }
        #expect(error.map { "\($0)".contains(file.url.path) } == true)
        #expect("\(await integration.health())".contains("damaged"))
        await integration.stop()
    }

    @Test("after an unclean shutdown a background check reports damage through health")
    func backgroundCheckAfterUncleanShutdown() async throws {
        // Given a damaged database with a write-ahead log left behind by a connection that never checkpointed
        let file = try DatabaseFile()
        try await file.populate(posts: 400)
        try damagePagesAfterTheFirst(of: file)
        do {
            let crashed = try Connection(path: file.url.path)
            try crashed.setCheckpointOnClose(false)
            // A write to the first page only (the damage is after it) that every version leaves as is.
            // The integration's own id (SQL takes only literals, so it is written out and checked).
            #expect(DatabaseOwnership.applicationID == 1_397_312_591)
            try crashed.execute("PRAGMA application_id = 1397312591")
        }
        #expect(FileManager.default.fileExists(atPath: file.url.path + "-wal"))

        // When the integration starts
        let integration = file.integration()
        try await integration.start()

        // Then, without any call reading a damaged page, health reports the damage once the
        // background check has run
        await integration.backgroundIntegrityCheckFinished()
        let health = await integration.health()
        #expect("\(health)".contains("damaged"), "\(health)")
        await integration.stop()
    }

    /// Overwrites every page of the closed database after the first (which holds the header and
    /// the schema), so opening works and reading any table fails.
    private func damagePagesAfterTheFirst(of file: DatabaseFile) throws {
        var bytes = try Data(contentsOf: file.url)
        let pageSize = 4_096
        for offset in stride(from: pageSize, to: bytes.count, by: 1) { bytes[offset] = 0x5A }
        try bytes.write(to: file.url)
    }
}

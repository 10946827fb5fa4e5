import Foundation
import Testing

@Suite("SQLite two processes", .serialized)
struct SQLiteTwoProcessTests {
    @Test("two processes publishing to one file lose nothing and never see SQLITE_BUSY")
    func twoWritersShareOneFile() async throws {
        // Given a fresh database file and two writers started together as the same author
        let file = try DatabaseFile(prefix: "sqlite-two")
        let perWriter = 1_000
        let first = try WriterProcess(databasePath: file.url.path, handle: "shared_writer", count: perWriter)
        defer { first.terminate() }
        let second = try WriterProcess(databasePath: file.url.path, handle: "shared_writer", count: perWriter)
        defer { second.terminate() }

        // When both have finished
        let firstStatus = try await first.waitForExit()
        let secondStatus = try await second.waitForExit()

        // Then both succeeded (a busy error would have failed a publish and the process)
        #expect(firstStatus == 0, "first writer: \(first.errorOutput)")
        #expect(secondStatus == 0, "second writer: \(second.errorOutput)")
        let printed = Set(first.printedIDs + second.printedIDs)
        #expect(printed.count == 2 * perWriter)

        // And the file is intact and holds every post from both
        let stored = try StoredPosts(in: file)
        #expect(stored.integrityCheck == ["ok"])
        #expect(stored.ids == printed)
    }
}

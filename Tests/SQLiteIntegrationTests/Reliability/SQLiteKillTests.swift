import Foundation
import Models
import TestSupport
import Testing

@Suite("SQLite kill test", .serialized)
struct SQLiteKillTests {
    @Test("SIGKILL at random moments never corrupts the file or loses a returned publish")
    func killAtRandomMoments() async throws {
        // Given a database file and a writer that publishes until killed
        let file = try DatabaseFile(prefix: "sqlite-kill")
        var printed: Set<String> = []
        var killPoints: [Int] = []

        for trial in 0..<24 {
            // When the writer is SIGKILLed after a random number of returned publishes (0 = at once,
            // possibly while it opens or migrates the file)
            let killAfter = trial == 0 ? 0 : Int.random(in: 0...40)
            killPoints.append(killAfter)
            let writer = try WriterProcess(databasePath: file.url.path, handle: "killed_writer", count: 0)
            defer { writer.terminate() }
            if killAfter > 0 { try await writer.waitForIDs(killAfter) }
            try await writer.kill()
            printed.formUnion(writer.printedIDs)

            // Then the file is intact and holds every id the writer printed
            let stored = try StoredPosts(in: file)
            #expect(stored.integrityCheck == ["ok"], "trial \(trial), kill points \(killPoints)")
            let missing = printed.subtracting(stored.ids)
            #expect(missing.isEmpty, "trial \(trial): \(missing.count) printed ids missing; kill points \(killPoints)")
        }

        // And the integration starts on it and serves them
        let served = try await file.withStarted { integration in
            let user = try await integration.userService.user(handle: .init("killed_writer"))
            return Set(try await allPosts(of: user.id, in: integration.postService).map(\.id.rawValue))
        }
        #expect(printed.isSubset(of: served))
        #expect(!printed.isEmpty)
    }
}

import Foundation
import Models
import TestSupport
import Testing

@Suite("JSON file store kill test", .serialized)
struct JSONStoreKillTests {
    @Test(
        "SIGKILL at random moments never leaves files that do not load or lose a returned publish",
        arguments: [true, false])
    func killAtRandomMoments(syncsEverySave: Bool) async throws {
        // Given a store directory and a writer that publishes (eight at a time, 96 at most) until killed
        let store = try StoreDirectory(prefix: "json-kill")
        var printed: Set<String> = []
        var killPoints: [Int] = []

        for trial in 0..<24 {
            // When the writer is SIGKILLed after a random number of returned publishes (0 = at once,
            // possibly while it takes the lock or loads the file)
            let killAfter = trial == 0 ? 0 : Int.random(in: 0...60)
            killPoints.append(killAfter)
            // At most 96 posts a trial: a save costs a journal line now, so a writer left free
            // would write thousands between the last line read and the kill.
            // Without a sync per save, a killed process loses nothing either: its lines are the
            // system's already.
            let writer = try store.startWriter(handle: "killed_writer", limit: 96, syncsEverySave: syncsEverySave)
            defer { writer.terminate() }
            if killAfter > 0 { try await writer.waitForLines(killAfter) }
            try await writer.kill()
            printed.formUnion(writer.outputLines)

            // Then the files parse and hold every id the writer printed
            let files = [store.file, store.journal]
            if files.contains(where: { FileManager.default.fileExists(atPath: $0.path) }) {
                let stored = try store.storedPostIDs()
                let missing = printed.subtracting(stored)
                #expect(
                    missing.isEmpty, "trial \(trial): \(missing.count) printed ids missing; kill points \(killPoints)")
            } else {
                #expect(printed.isEmpty, "trial \(trial): no files, but ids were printed; kill points \(killPoints)")
            }
        }

        // And the integration starts on it (the lock of the killed writer is gone), serves every
        // printed post, and left no temporary file behind
        let posts = try await store.withStarted { integration in
            let user = try await integration.userService.user(handle: .init("killed_writer"))
            return try await allPosts(of: user.id, in: integration.postService)
        }
        #expect(printed.isSubset(of: Set(posts.map(\.id.rawValue))))
        #expect(!printed.isEmpty)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.url.path).filter {
            $0.contains(".tmp-")
        }
        #expect(leftovers.isEmpty, "temporary files left after a start: \(leftovers)")
    }
}

import Foundation
import Services
import TestSupport
import Testing

/// `silo feed --follow` in one process while another publishes and deletes: the follower shows
/// each change as it happens, prints plain text when piped, and exits 0 on Ctrl-C. (Post text
/// cannot carry control characters: the model refuses them before any integration sees them.)
@Suite("silo feed --follow", .serialized)
struct SiloFollowTests {
    @Test(
        "a post published and deleted by another process appears, then shows as deleted; Ctrl-C exits 0",
        .requires(
            Defaults.keeping(.posts, shared: true) != nil,
            "needs an integration that keeps posts where another process can see them"))
    func followsAnotherProcess() async throws {
        let silo = try SiloRunner(keeping: .posts, shared: true)
        let existing = try await silo.run("post", "before following")
        #expect(existing.status == 0, "stderr: \(existing.standardError)")
        let follower = try silo.start("feed", "--follow", "--limit", "5")
        defer { follower.terminate() }
        try await follower.waitForLine { $0.contains("before following") }

        let published = try await silo.run("post", "live from another terminal")
        #expect(published.status == 0, "stderr: \(published.standardError)")
        let postID = try #require(published.standardOutput.split(separator: " ").last.map(String.init))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try await follower.waitForLine { $0.contains("from another terminal") }

        let deleted = try await silo.run("delete", postID)
        #expect(deleted.status == 0, "stderr: \(deleted.standardError)")
        try await follower.waitForLine { $0 == "Deleted \(postID)" }

        follower.signal(SIGINT)
        let status = try await follower.waitForExit()
        #expect(status == 0, "stderr: \(follower.errorOutput)")
        #expect(!follower.outputLines.joined().contains("\u{1B}"), "piped output must be plain")
    }

    @Test("--follow is refused with --after, --all, or on another command, with exit status 64")
    func followUsage() async throws {
        let silo = try SiloRunner()
        let refused = [
            ["feed", "--follow", "--all"],
            ["feed", "-f", "--after", "x"],
            ["library", "--follow"],  // part of: library
        ]
        for arguments in refused {
            let outcome = try await silo.run(arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome.standardError)")
            #expect(outcome.standardError.contains("--follow"), "\(arguments): \(outcome.standardError)")
        }
    }
}

import Foundation
import Testing

/// The sample app, run as a subprocess in a temporary directory with no configuration.
@Suite("silo end to end", .serialized)
struct SiloCLITests {
    @Test("The tour runs the whole stack on the embedded default and exits 0")
    func tour() throws {
        let silo = try SiloRunner()
        let outcome = try silo.run()
        #expect(outcome.status == 0, "stderr: \(outcome.standardError)")
        #expect(outcome.standardOutput.contains("@silo_demo"))
        #expect(outcome.standardOutput.contains("Uploading 100%"))
        #expect(outcome.standardOutput.contains("Ready: Tour sample"))
        #expect(outcome.standardOutput.contains("My first video on Silo"))
        #expect(outcome.standardError.isEmpty)
        #expect(FileManager.default.fileExists(atPath: silo.databaseURL.path))
        let videos = try silo.run("videos")
        #expect(videos.status == 0)
        #expect(videos.standardOutput.contains("Tour sample"))
        #expect(videos.standardOutput.contains("ready"))
    }

    @Test("A post published in one run is in the feed of the next")
    func persistence() throws {
        let silo = try SiloRunner()
        let posted = try silo.run("post", "Persisted across runs ✓")
        #expect(posted.status == 0, "stderr: \(posted.standardError)")
        let feed = try silo.run("feed")
        #expect(feed.status == 0)
        #expect(feed.standardOutput.contains("Persisted across runs ✓"))
    }

    @Test("An empty post exits 1 with one line on stderr and changes nothing")
    func emptyPostRejected() throws {
        let silo = try SiloRunner()
        _ = try silo.run("post", "kept")
        let before = try silo.storedPostCount()
        let outcome = try silo.run("post", "   ")
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "silo: Invalid text: must not be empty or only whitespace\n")
        #expect(try silo.storedPostCount() == before)
        #expect(before == 1)
    }

    @Test("SILO_POSTS=memory serves posts from memory and writes no post to the SQLite file")
    func memoryOverride() throws {
        let silo = try SiloRunner()
        let outcome = try silo.run("post", "only in memory", environment: ["SILO_POSTS": "memory"])
        #expect(outcome.status == 0, "stderr: \(outcome.standardError)")
        #expect(outcome.standardOutput.contains("Published"))
        let integrations = try silo.run("integrations", environment: ["SILO_POSTS": "memory"])
        #expect(integrations.standardOutput.contains("posts    memory"))
        #expect(integrations.standardOutput.contains("In-memory: healthy"))
        #expect(try silo.storedPostCount() == 0)
    }

    @Test("An unknown integration name exits 64 naming the variable and the valid names")
    func unknownOverride() throws {
        let silo = try SiloRunner()
        let outcome = try silo.run("feed", environment: ["SILO_POSTS": "postgres"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("SILO_POSTS=postgres"))
        #expect(outcome.standardError.contains("sqlite, memory, mockhost"))
        #expect(!FileManager.default.fileExists(atPath: silo.databaseURL.path))
    }

    @Test("integrations lists every service with its integration and health")
    func integrations() throws {
        let silo = try SiloRunner()
        let outcome = try silo.run("integrations")
        #expect(outcome.status == 0)
        for line in ["posts    sqlite", "users    sqlite", "library  sqlite", "videos   mockhost", "SQLite: healthy"] {
            #expect(outcome.standardOutput.contains(line), "missing \(line)")
        }
    }

    @Test("delete removes a post; deleting it again exits 1")
    func delete() throws {
        let silo = try SiloRunner()
        let posted = try silo.run("post", "to be deleted")
        let id = try #require(posted.standardOutput.split(separator: " ").last).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let deleted = try silo.run("delete", id)
        #expect(deleted.status == 0, "stderr: \(deleted.standardError)")
        #expect(try silo.storedPostCount() == 0)
        let again = try silo.run("delete", id)
        #expect(again.status == 1)
        #expect(again.standardError.hasPrefix("silo: "))
    }

    @Test("Usage errors exit 64; --help exits 0")
    func usage() throws {
        let silo = try SiloRunner()
        #expect(try silo.run("bogus").status == 64)
        #expect(try silo.run("post").status == 64)
        #expect(try silo.run("feed", "--limit", "0").status == 64)
        let help = try silo.run("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: silo"))
    }

    @Test("The video host's API key never reaches the output, even with --verbose")
    func secretsStayOut() throws {
        let silo = try SiloRunner()
        let key = "sk_live_NEVER_PRINT_ME"
        let outcome = try silo.run("--verbose", "integrations", environment: ["SILO_VIDEO_HOST_API_KEY": key])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("<redacted>"))
        #expect(!outcome.standardOutput.contains(key) && !outcome.standardError.contains(key))
    }
}

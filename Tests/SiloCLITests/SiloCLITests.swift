import App
import Foundation
import Services
import TestSupport
import Testing

/// The sample app, run as a subprocess in a temporary directory with no configuration.
@Suite("silo end to end", .serialized)
struct SiloCLITests {
    @Test("The tour runs the whole stack on the embedded default and exits 0")
    func tour() async throws {
        let silo = try SiloRunner()
        let outcome = try await silo.run()
        #expect(outcome.status == 0, "stderr: \(outcome.standardError)")
        #expect(outcome.standardOutput.contains("@silo_demo"))
        // begin part of: hosting
        #expect(outcome.standardOutput.contains("Uploading 100%"))
        #expect(outcome.standardOutput.contains("Ready: Tour sample"))
        #expect(outcome.standardOutput.contains("My first video on Silo"))
        // end part of: hosting
        #expect(outcome.standardError.isEmpty)
    }

    // begin part of: hosting
    @Test(
        "The tour's video is in the library of the next run, ready",
        .requires(Defaults.keeping(.library) != nil, "needs an integration that keeps the library between runs"))
    func tourLeavesItsVideo() async throws {
        let silo = try SiloRunner(keeping: .library)
        #expect(try await silo.run().status == 0)
        let library = try await silo.run("library")
        #expect(library.status == 0)
        #expect(library.standardOutput.contains("Tour sample"))
        #expect(library.standardOutput.contains("ready"))
    }
    // end part of: hosting

    @Test(
        "A post published in one run is in the feed of the next",
        .requires(Defaults.keeping(.posts) != nil, "needs an integration that keeps posts between runs"))
    func persistence() async throws {
        let silo = try SiloRunner(keeping: .posts)
        let posted = try await silo.run("post", "Persisted across runs ✓")
        #expect(posted.status == 0, "stderr: \(posted.standardError)")
        let feed = try await silo.run("feed")
        #expect(feed.status == 0)
        #expect(feed.standardOutput.contains("Persisted across runs ✓"))
    }

    @Test(
        "An empty post exits 1 with one line on stderr and changes nothing",
        .requires(Defaults.keeping(.posts) != nil, "needs an integration that keeps posts between runs"))
    func emptyPostRejected() async throws {
        let silo = try SiloRunner(keeping: .posts)
        _ = try await silo.run("post", "kept")
        let outcome = try await silo.run("post", "   ")
        #expect(outcome.status == 1)
        #expect(outcome.standardError == "silo: Invalid text: must not be empty or only whitespace\n")
        #expect(try await silo.feedPostCount() == 1)
    }

    @Test(
        "SILO_POSTS=memory serves posts from memory and writes no post to the SQLite file",
        .requires(
            Defaults.integration(named: "sqlite") != nil && Defaults.integration(named: "memory") != nil,
            "needs the SQLite integration and the in-memory one"))
    func memoryOverride() async throws {
        // SQLite serves the other services, so its file is there to hold no post.
        let onSQLite: [ServiceKind] = [
            .library  // part of: library
        ]
        let sqlite = try #require(Defaults.integration(named: "sqlite"))
        let silo = try SiloRunner(choosing: Dictionary(uniqueKeysWithValues: onSQLite.map { ($0, sqlite) }))
        let outcome = try await silo.run("post", "only in memory", environment: ["SILO_POSTS": "memory"])
        #expect(outcome.status == 0, "stderr: \(outcome.standardError)")
        #expect(outcome.standardOutput.contains("Published"))
        let integrations = try await silo.run("integrations", environment: ["SILO_POSTS": "memory"])
        // Lines with their column padding squeezed to one space.
        let lines = integrations.standardOutput.split(separator: "\n").map {
            $0.split(separator: " ").joined(separator: " ")
        }
        #expect(lines.contains("posts memory"))
        #expect(lines.contains("users memory (follows posts)"))
        #expect(integrations.standardOutput.contains("In-memory: healthy"))
        // With no other service on SQLite there is no file, so no posts table.
        #expect(try await silo.storedPostCount() == (onSQLite.isEmpty ? nil : 0))
    }

    @Test("An unknown integration name exits 64 naming the variable and the names that serve the service")
    func unknownOverride() async throws {
        let silo = try SiloRunner()
        let outcome = try await silo.run("feed", environment: ["SILO_POSTS": "postgres"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("SILO_POSTS=postgres"))
        #expect(outcome.standardError.contains("the ones that serve posts: sqlite, memory"), "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("mockhost"), "\(outcome.standardError)")  // part of: MockVideoHost
        #expect(!FileManager.default.fileExists(atPath: silo.databaseURL.path))
    }

    @Test("integrations lists every service with its default integration, and each integration healthy")
    func integrations() async throws {
        let silo = try SiloRunner()
        let outcome = try await silo.run("integrations")
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        for service in ServiceKind.allCases {
            let name = try #require(Defaults.choice(service)?.name)
            // Each name whole, then one space past the longest, then the integration.
            let width = ServiceKind.allCases.map(\.rawValue.count).max() ?? 0
            let padded = service.rawValue + String(repeating: " ", count: width - service.rawValue.count)
            #expect(outcome.standardOutput.contains("  \(padded) \(name)"), "missing \(service) \(name)")
        }
        let healthy = outcome.standardOutput.components(separatedBy: ": healthy (required)").count - 1
        #expect(healthy == Defaults.integrationsInUse.count)
    }

    @Test(
        "delete removes a post; deleting it again exits 1",
        .requires(Defaults.keeping(.posts) != nil, "needs an integration that keeps posts between runs"))
    func delete() async throws {
        let silo = try SiloRunner(keeping: .posts)
        let posted = try await silo.run("post", "to be deleted")
        let id = try #require(posted.standardOutput.split(separator: " ").last).trimmingCharacters(
            in: .whitespacesAndNewlines)
        let deleted = try await silo.run("delete", id)
        #expect(deleted.status == 0, "stderr: \(deleted.standardError)")
        #expect(try await silo.feedPostCount() == 0)
        let again = try await silo.run("delete", id)
        #expect(again.status == 1)
        #expect(again.standardError.hasPrefix("silo: "))
    }

    @Test("Usage errors exit 64; --help exits 0")
    func usage() async throws {
        let silo = try SiloRunner()
        #expect(try await silo.run("bogus").status == 64)
        #expect(try await silo.run("post").status == 64)
        #expect(try await silo.run("feed", "--limit", "0").status == 64)
        let help = try await silo.run("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: silo"))
        #expect(
            try await silo.run("feed", "--limit", "0").standardError.contains(
                "See 'silo feed --help' for more information."))
    }

    // begin part of: hosting, MockVideoHost
    @Test(
        "The video host's API key never reaches the output, even with --verbose",
        .requires(Defaults.integration(named: "mockhost") != nil, "needs the mock video host, which reads the key"))
    func secretsStayOut() async throws {
        let silo = try SiloRunner(choosing: [.hosting: try #require(Defaults.integration(named: "mockhost"))])
        let key = "sk_live_NEVER_PRINT_ME"
        let outcome = try await silo.run("--verbose", "integrations", environment: ["SILO_VIDEO_HOST_API_KEY": key])
        #expect(outcome.status == 0)
        #expect(outcome.standardError.contains("<redacted>"))
        #expect(!outcome.standardOutput.contains(key) && !outcome.standardError.contains(key))
    }
    // end part of: hosting, MockVideoHost
}

import App
import Foundation
import TestSupport
import Testing

/// What a hostile run of the sample app tried, each with the behaviour that must hold.
@Suite("silo under hostile input and interruptions", .serialized)
struct SiloHardeningTests {
    @Test(
        "Someone other than the author cannot delete a post: exit 1, says so, and the post stays",
        .requires(Defaults.keeping(.posts) != nil, "needs an integration that keeps posts between runs"))
    func deleteIsForTheAuthor() async throws {
        let silo = try SiloRunner(keeping: .posts)
        let posted = try await silo.run("post", "alice's post", environment: ["SILO_USER": "alice"])
        let id = try #require(posted.standardOutput.split(separator: " ").last).trimmingCharacters(in: .newlines)
        let attempt = try await silo.run("delete", id, environment: ["SILO_USER": "mallory"])
        #expect(attempt.status == 1)
        #expect(attempt.standardError.contains("Forbidden: only the author of post \(id) may delete it"))
        #expect(try await silo.run("feed", environment: ["SILO_USER": "alice"]).standardOutput.contains("alice's post"))
    }

    @Test(
        "Stored text and typed arguments never reach the terminal as control characters",
        .requires(
            Defaults.integration(named: "sqlite") != nil,
            "needs the SQLite integration, whose file the sqlite3 tool writes"))
    func outputIsEscaped() async throws {
        let silo = try SiloRunner(choosing: [.posts: try #require(Defaults.integration(named: "sqlite"))])
        _ = try await silo.run("post", "a normal post")
        // A post another program wrote straight into the database, with escape sequences and a bidi override.
        _ = try await silo.sqlite3("UPDATE posts SET text = 'clear' || char(27) || '[2J' || char(8238) || 'evil'")
        let feed = try await silo.run("feed")
        let bogus = try await silo.run("bogus\u{1B}[2J")
        let missing = try await silo.run("delete", "\u{1B}]0;title\u{7}")
        let override = try await silo.run("feed", environment: ["SILO_POSTS": "x\u{1B}[31m"])
        for outcome in [feed, bogus, missing, override] {
            let all = outcome.standardOutput + outcome.standardError
            #expect(!all.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{202E}" }, "\(all)")
        }
        #expect(feed.standardOutput.contains("clear\\u{1B}[2J\\u{202E}evil"))
        #expect(bogus.standardError.contains("Unknown command 'bogus\\u{1B}[2J'"))
    }

    @Test(
        "The feed pages through everything, and its hint is the command that shows the rest",
        .requires(Defaults.keeping(.posts) != nil, "needs an integration that keeps posts between runs"))
    func feedPaging() async throws {
        let silo = try SiloRunner(keeping: .posts)
        for index in 0..<23 { _ = try await silo.run("post", "post \(index)") }
        let first = try await silo.run("feed")
        #expect(first.standardOutput.components(separatedBy: "\n  post ").count - 1 == 20)
        let hint = try #require(first.standardOutput.split(separator: "\n").last { $0.hasPrefix("… more posts") })
        let cursor = try #require(hint.split(separator: " ").firstIndex(of: "--after")).advanced(by: 1)
        let rest = try await silo.run("feed", "--after", String(hint.split(separator: " ")[cursor]))
        #expect(rest.standardOutput.components(separatedBy: "\n  post ").count - 1 == 3)
        #expect(!rest.standardOutput.contains("more posts"), "the last page must not promise more")
        let all = try await silo.run("feed", "--all", "--limit=7")
        #expect(all.standardOutput.components(separatedBy: "\n  post ").count - 1 == 23)
        #expect(!all.standardOutput.contains("more posts"))
        let exact = try await silo.run("feed", "--limit", "23")
        #expect(!exact.standardOutput.contains("more posts"), "a page holding the rest must not promise more")
    }

    // begin part of: hosting, MockVideoHost
    @Test(
        "Ctrl-C or SIGTERM during an upload cancels it, removes what it stored, and exits 130 or 143",
        .requires(
            Defaults.integration(named: "mockhost") != nil, "needs the mock video host, whose storage it inspects"))
    func signalDuringUpload() async throws {
        for signal in [SIGINT, SIGTERM] {
            let silo = try SiloRunner(choosing: [.hosting: try #require(Defaults.integration(named: "mockhost"))])
            let file = try silo.bigSparseVideo()
            let upload = try silo.start("upload", file.path, "--title", "Interrupted")
            defer { upload.terminate() }
            upload.signal(signal, whenOutputContains: "Uploading")
            let status = try await upload.waitForExit()
            #expect(status == 128 + signal, "stderr: \(upload.errorOutput)")
            #expect(upload.errorOutput.contains("Upload cancelled"), "stderr: \(upload.errorOutput)")
            let storage = silo.workingDirectory.url.appendingPathComponent(".silo/videos")
            let left = try FileManager.default.contentsOfDirectory(atPath: storage.path)
            #expect(left.isEmpty, "left in the host's storage after signal \(signal): \(left)")
            #expect(try await silo.run("library").standardOutput.contains("No saved videos yet"))
        }
    }

    @Test(
        "A broken video host does not block posts, and integrations reports it failed and exits 1",
        .requires(
            Defaults.integration(named: "mockhost") != nil && Defaults.keeping(.posts) != nil,
            "needs the mock video host, whose key it breaks, and an integration that keeps posts between runs"))
    func unusedIntegrationDoesNotBlock() async throws {
        let keeping = try #require(Defaults.keeping(.posts))
        let silo = try SiloRunner(
            choosing: keeping.merging([.hosting: try #require(Defaults.integration(named: "mockhost"))]) { $1 })
        let badKey = ["SILO_VIDEO_HOST_API_KEY": "has spaces"]
        let posted = try await silo.run("post", "still works", environment: badKey)
        #expect(posted.status == 0, "\(posted.standardError)")
        let feed = try await silo.run("feed", environment: badKey)
        #expect(feed.status == 0 && feed.standardOutput.contains("still works"))
        let report = try await silo.run("integrations", environment: badKey)
        #expect(report.status == 1)
        #expect(report.standardOutput.contains("Mock video host: failed"))
        #expect(
            !report.standardOutput.contains("failed")
                || report.standardOutput.components(separatedBy: "failed").count == 2)
        let upload = try await silo.run("upload", "x.mp4", "--title", "T", environment: badKey)
        #expect(upload.status == 1 && upload.standardError.contains("Mock video host could not start"))
    }
    // end part of: hosting, MockVideoHost

    @Test("An empty --data-dir is refused instead of writing into the working directory")
    func emptyDataDirectory() async throws {
        let silo = try SiloRunner()
        let outcome = try await silo.run("--data-dir", "", "post", "nowhere")
        #expect(outcome.status == 64)
        #expect(try FileManager.default.contentsOfDirectory(atPath: silo.workingDirectory.url.path).isEmpty)
    }

    // begin part of: hosting
    @Test("The tour leaves no sample file behind, and clears those of a killed tour")
    func tourSamples() async throws {
        let silo = try SiloRunner()
        let data = silo.workingDirectory.url.appendingPathComponent(".silo")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let stale = data.appendingPathComponent("tour-sample-999999-deadbeef.mp4")
        try Data("left by a killed tour".utf8).write(to: stale)
        let tour = try await silo.run()
        #expect(tour.status == 0, "\(tour.standardError)")
        let samples = try FileManager.default.contentsOfDirectory(atPath: data.path).filter {
            $0.hasPrefix("tour-sample")
        }
        #expect(samples.isEmpty, "\(samples)")
    }
    // end part of: hosting

    @Test("No message ends with a doubled full stop")
    func noDoubledFullStops() async throws {
        let silo = try SiloRunner()
        let outcomes = [
            try await silo.run("post", "   "), try await silo.run("delete", "missing"), try await silo.run("bogus"),
            try await silo.run("feed", environment: ["SILO_POSTS": "nope"]),
            // begin part of: hosting, MockVideoHost
            try await silo.run("upload", "x", "--title", "t", environment: ["SILO_VIDEO_HOST_API_KEY": "a b"]),
            // end part of: hosting, MockVideoHost
        ]
        for outcome in outcomes {
            #expect(!outcome.standardError.contains(".."), "\(outcome.standardError)")
            #expect(!outcome.standardError.isEmpty)
        }
    }
}

import Foundation
import Models
import SQLiteIntegration
import Services
import TestSupport
import Testing

@Suite("SQLite integration lifecycle")
struct SQLiteIntegrationTests {
    @Test("health moves from not started to healthy to stopped")
    func healthFollowsLifecycle() async throws {
        // Given an integration on a new file
        let file = try DatabaseFile()
        let integration = file.integration()
        #expect(await integration.health() == .notStarted)

        // When it starts and stops
        try await integration.start()
        let running = await integration.health()
        await integration.stop()

        // Then health reported each state
        #expect(running == .healthy)
        #expect(await integration.health() == .stopped)
    }

    @Test("services before start and after stop report unavailable, not a crash")
    func servicesNeedStart() async throws {
        // Given an integration that was never started
        let integration = SQLiteIntegration(configuration: .inMemory)

        // When a service is called, it is unavailable
        await expectServiceError(.unavailable) { () throws(ServiceError) in
            try await integration.userService.user(id: "anyone")
        }

        // And again after a start and stop
        try await integration.start()
        await integration.stop()
        await expectServiceError(.unavailable) { () throws(ServiceError) in
            try await integration.postService.post(id: "anything")
        }
    }

    @Test("stop is safe without start and when repeated")
    func stopIsIdempotent() async throws {
        // Given an integration never started
        let integration = SQLiteIntegration(configuration: .inMemory)

        // When it is stopped twice
        await integration.stop()
        await integration.stop()

        // Then it still reports not started
        #expect(await integration.health() == .notStarted)
    }

    @Test("entering the background checkpoints the log into the database file")
    func backgroundCheckpoints() async throws {
        // Given a started integration with posts in its write-ahead log
        let file = try DatabaseFile()
        let integration = file.integration()
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "bg_user", displayName: "B"))
        for index in 0..<20 {
            _ = try await integration.postService.publish(PostDraft(authorID: author.id, text: "post \(index)"))
        }
        let sizeBefore = try SampleFile.size(of: file.url)

        // When the app enters the background
        await integration.handle(.didEnterBackground)

        // Then the posts are in the main file, not only in the log
        #expect(try SampleFile.size(of: file.url) > sizeBefore)
        await integration.handle(.didReceiveMemoryWarning)
        #expect(try await integration.postService.feed(authorID: author.id, page: .first(50)).items.count == 20)
        await integration.stop()
    }

    @Test("a missing directory makes start fail as unavailable, naming the path")
    func missingDirectory() async throws {
        // Given a path in a directory that does not exist
        let directory = try TemporaryDirectory(prefix: "sqlite-missing")
        let url = directory.url.appendingPathComponent("no/such/dir/silo.sqlite")
        let integration = SQLiteIntegration(configuration: .init(storage: .file(url)))

        // When it starts
        let error = await expectServiceError(.unavailable) { () throws(ServiceError) in
            try await integration.start()
        }

        // Then the message names the file and nothing was created
        #expect(error.map { "\($0)".contains(url.path) } == true)
        #expect(!FileManager.default.fileExists(atPath: url.path))
        if case .failed = await integration.health() {} else { Issue.record("health should be failed") }
    }
}

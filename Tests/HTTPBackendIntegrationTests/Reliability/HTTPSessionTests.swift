import Foundation
import HTTPBackendIntegration
import Models
import Services
import Testing

/// Sessions under load and a backend that is down, then back.
@Suite("HTTP backend: sessions and availability")
struct HTTPSessionTests {
    @Test("20 concurrent calls hitting one expired token share one refresh")
    func concurrentRefresh() async throws {
        let scene = try await FaultScene.make()
        defer { Task { await scene.stop() } }
        let renewalsBefore = await scene.integration.sessionRenewalCount
        let tokensBefore = try scene.tokens()
        try await scene.backend.expireAccessTokens()
        let library = scene.integration.libraryService
        let owner = scene.author.id
        try await withThrowingTaskGroup(of: Void.self) { group in
            for size in 1...20 {
                group.addTask { _ = try await library.videos(ownerID: owner, page: .first(size)) }
            }
            try await group.waitForAll()
        }
        #expect(await scene.integration.sessionRenewalCount - renewalsBefore == 1)
        #expect(try await scene.backend.requests("POST /v1/sessions/refresh") == 1)
        #expect(try scene.leakedSecrets().isEmpty)
        #expect(!scene.log.lines.contains { line in tokensBefore.contains { line.contains($0) } })
    }

    @Test("a backend down at start makes the integration degraded, not failed, and it serves once the backend is back")
    func backendComesBack() async throws {
        let first = try await BackendProcess.start()
        let port = first.port
        try await first.kill()
        let integration = HTTPBackendIntegration(
            configuration: .init(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, attemptTimeout: .seconds(2),
                retry: RetryPolicy(maxAttempts: 1)))
        try await integration.start()
        defer { Task { await integration.stop() } }
        guard case .degraded = await integration.health() else {
            Issue.record("expected degraded, got \(await integration.health())")
            return
        }
        await #expect(throws: ServiceError.self) {
            try await integration.usersService.user(id: "nobody")
        }
        let second = try await BackendProcess.start(arguments: ["--port", String(port)])
        defer { Task { try? await second.kill() } }
        #expect(await integration.health() == .healthy)
        let user = try await integration.usersService.create(UserDraft(handle: "back", displayName: "Back"))
        #expect(try await integration.usersService.user(id: user.id) == user)
    }

    @Test("plain http to a host that is not loopback is refused at start, naming the setting")
    func plainHTTPRefused() async {
        let integration = HTTPBackendIntegration(configuration: .init(baseURL: URL(string: "http://example.com")!))
        do {
            try await integration.start()
            Issue.record("plain http to example.com was accepted")
        } catch {
            #expect(error.field == "baseURL", "\(error)")
        }
    }

    @Test("cancelling a call answers at once and the request is not left waiting")
    func cancellation() async throws {
        let scene = try await FaultScene.make()
        defer { Task { await scene.stop() } }
        try await scene.backend.inject(["method": "GET", "path": scene.postPath, "delay_ms": 5_000])
        let posts = scene.integration.postsService
        let id = scene.post.id
        let call = Task { () async throws(ServiceError) -> Post in try await posts.post(id: id) }
        try await Task.sleep(for: .milliseconds(200))
        let start = ContinuousClock.now
        call.cancel()
        let result = await call.result
        #expect(ContinuousClock.now - start < .seconds(3), "cancellation waited for the response")
        guard case .failure(let error) = result else {
            Issue.record("the cancelled call succeeded")
            return
        }
        #expect(error as? ServiceError == .cancelled, "\(error)")
    }
}

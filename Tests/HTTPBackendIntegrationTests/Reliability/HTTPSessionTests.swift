import Foundation
import HTTPBackendIntegration
import HTTPSupport
import Models
import ServiceContracts
import Services
import TestSupport
import Testing

/// Sessions under load and a backend that is down, then back.
@Suite("HTTP backend: sessions and availability")
struct HTTPSessionTests {
    @Test("20 concurrent calls hitting one expired token share one refresh")
    func concurrentRefresh() async throws {
        try await FaultScene.with { scene in
            let renewalsBefore = await scene.integration.sessionRenewalCount
            let tokensBefore = try scene.tokens()
            try await scene.backend.expireAccessTokens()
            let library = scene.integration.videoLibraryService
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
    }

    @Test("a backend down at start makes the integration degraded, not failed, and it serves once the backend is back")
    func backendComesBack() async throws {
        // Nothing listens there, and no other test can take it before the backend is started on it.
        let port = try QuietPort.find()
        let integration = HTTPBackendIntegration(
            configuration: .init(
                baseURL: URL(string: "http://127.0.0.1:\(port)")!, attemptTimeout: .seconds(2),
                retry: RetryPolicy(maxAttempts: 1)))
        try await withStarted(integration) { integration in
            guard case .degraded = await integration.health() else {
                Issue.record("expected degraded, got \(await integration.health())")
                return
            }
            let down = await #expect(throws: ServiceError.self) {
                try await integration.userService.user(id: "nobody")
            }
            #expect(down?.kind == .unavailable)
            #expect(
                "\(down.map(String.init(describing:)) ?? "")".contains(
                    "`swift run silo-backend` starts the development one"))
            try await BackendProcess.with(arguments: ["--port", String(port)]) { _ in
                #expect(await integration.health() == .healthy)
                let user = try await integration.userService.create(UserDraft(handle: "back", displayName: "Back"))
                #expect(try await integration.userService.user(id: user.id) == user)
            }
        }
    }

    @Test(
        "a base URL sending tokens in the clear, or carrying a password, is refused at start",
        arguments: [
            "http://example.com", "http://127.evil.example", "http://user:secret@127.0.0.1:9", "ftp://127.0.0.1",
        ])
    func plainHTTPRefused(_ url: String) async {
        let integration = HTTPBackendIntegration(configuration: .init(baseURL: URL(string: url)!))
        do {
            try await integration.start()
            Issue.record("\(url) was accepted")
        } catch {
            #expect(error.field == "baseURL", "\(error)")
            #expect(!"\(error)".contains("secret"), "the message shows the password: \(error)")
        }
    }

    @Test(
        "cancelling a call answers at once, while the backend still holds the request",
        arguments: HTTPTransportKind.allTransports)
    func cancellation(_ transport: HTTPTransportKind) async throws {
        // Given a read the backend holds unanswered
        try await FaultScene.with(configure: { $0.transport = transport }) { scene in
            try await scene.backend.inject(["method": "GET", "path": scene.postPath, "hold": true])
            let posts = scene.integration.postService
            let id = scene.post.id
            let call = Task { () async throws(ServiceError) -> Post in try await posts.post(id: id) }
            try await scene.backend.waitForHeldRequests(1)

            // When the caller cancels
            call.cancel()

            // Then the call ends cancelled before the backend has answered (it is released only after)
            let result = try await HangGuard.run("the cancelled call's end") { await call.result }
            try await scene.backend.releaseHeldRequests()
            guard case .failure(let error) = result else {
                Issue.record("the cancelled call succeeded")
                return
            }
            #expect(error as? ServiceError == .cancelled, "\(error)")
        }
    }
}

extension HTTPSessionTests {
    @Test(
        "a read held at the backend and writes sent meanwhile each get their own answer",
        arguments: HTTPTransportKind.allTransports)
    func heldReadBesideWrites(_ transport: HTTPTransportKind) async throws {
        // Given a read the backend holds, numbered well past the writes so far (on URLSession,
        // reads and writes go out on separate sessions, each numbering its own tasks from the
        // same start)
        try await FaultScene.with(configure: { $0.transport = transport }) { scene in
            let posts = scene.integration.postService
            let id = scene.post.id
            for _ in 1...Self.reads { _ = try await posts.post(id: id) }
            try await scene.backend.inject(["method": "GET", "path": scene.postPath, "hold": true])
            let read = Task { () async throws(ServiceError) -> Post in try await posts.post(id: id) }
            try await scene.backend.waitForHeldRequests(1)

            // When more writes than that are answered while it waits (one of them has its number),
            // and then it is released
            for number in 1...(Self.reads + 10) {
                let post = try await posts.publish(PostDraft(authorID: scene.author.id, text: "beside \(number)"))
                #expect(post.text == "beside \(number)")
            }
            try await scene.backend.releaseHeldRequests()

            // Then the read gets its answer (with one delegate for both sessions, it waited forever)
            let answer = try await HangGuard.run("the held read's answer") { try await read.value }
            #expect(answer == scene.post)
        }
    }

    private static let reads = 20

    @Test("a refresh that fails without the backend refusing it (503) keeps the session")
    func transientRefreshFailureKeepsSession() async throws {
        try await FaultScene.with { scene in
            let saved = try scene.tokens()
            try await scene.backend.inject([
                "method": "POST", "path": "/v1/posts", "status": 401, "times": 1,
            ])
            try await scene.backend.inject([
                "method": "POST", "path": "/v1/sessions/refresh", "status": 503, "times": 1,
            ])
            await #expect(throws: ServiceError.self) {
                _ = try await scene.integration.postService.publish(PostDraft(authorID: scene.author.id, text: "kept"))
            }
            let after = try scene.tokens()
            let counts = try await scene.backend.allRequests()
            #expect(after == saved, "the session changed: \(saved) → \(after); \(counts)")
        }
    }

    @Test(
        "a refresh whose answer is lost keeps the user signed in: the next refresh sends the same token, and it renews")
    func lostRefreshAnswerKeepsSession() async throws {
        try await FaultScene.with { scene in
            try await scene.backend.expireAccessTokens()
            try await scene.backend.inject([
                "method": "POST", "path": "/v1/sessions/refresh", "delivery": "dropped", "times": 1,
            ])
            let library = scene.integration.videoLibraryService
            _ = try? await library.videos(ownerID: scene.author.id, page: .first(5))

            _ = try await library.videos(ownerID: scene.author.id, page: .first(5))
            #expect(try await scene.backend.requests("POST /v1/sessions/refresh") == 2)
            #expect(try scene.leakedSecrets().isEmpty)
        }
    }

    @Test(
        "a session whose save failed stays in use: the older one on file, whose refresh token is spent, is not taken back",
        .requires(ScratchFileSystem.isAvailable, "needs root and a tmpfs mount"))
    func unsavedSessionKept() async throws {
        let disk = try ScratchFileSystem(byteCount: 256 << 10)
        let onDisk = disk.url.appendingPathComponent("credentials.json")
        // The scene's client keeps its sessions on the small disk, starting from the file the
        // stage was set with (the author signed in).
        try await FaultScene.with(configure: { configuration in
            // Failing to copy leaves no session to renew: the first call below then fails.
            if let staged = configuration.credentialsFile { try? FileManager.default.copyItem(at: staged, to: onDisk) }
            configuration.credentialsFile = onDisk
        }) { scene in
            let library = scene.integration.videoLibraryService
            let owner = scene.author.id
            try disk.setReadOnly(true)
            try await scene.backend.expireAccessTokens()
            _ = try await library.videos(ownerID: owner, page: .first(5))  // renewed; its save fails

            try await scene.backend.expireAccessTokens()
            _ = try await library.videos(ownerID: owner, page: .first(5))  // renewed from memory

            #expect(try await scene.backend.requests("POST /v1/sessions/refresh") == 2)
        }
    }

    @Test("a refresh the backend refuses signs the user out here, and observers of the session hear it")
    func refusedRefreshSignsOut() async throws {
        try await FaultScene.with { scene in
            let auth = scene.integration.authenticationService
            let session = try await auth.signUp(
                UserDraft(handle: "refused\(Int.random(in: 0..<1_000_000))", displayName: "R"),
                password: Password.new("correct horse"))
            let observed = ObservationProbe(auth.observeSession())
            defer { observed.cancel() }
            #expect(try await observed.next(within: ObservationProbe<AccountSession?>.deadline, "signed in") == session)
            try await scene.backend.expireAccessTokens()
            try await scene.backend.inject([
                "method": "POST", "path": "/v1/sessions/refresh", "status": 401, "times": 1,
            ])

            let failure = await #expect(throws: ServiceError.self) {
                _ = try await scene.integration.postService.publish(PostDraft(authorID: session.user.id, text: "x"))
            }
            #expect(failure?.kind == .unauthorized, "\(String(describing: failure))")
            #expect(try await auth.currentSession() == nil)
            #expect(try await observed.next(within: ObservationProbe<AccountSession?>.deadline, "signed out") == nil)
        }
    }

    @Test("a refused refresh that was on its way while the user signed in again leaves the new session alone")
    func refusalAfterSignIn() async throws {
        try await FaultScene.with { scene in
            let auth = scene.integration.authenticationService
            let handle = "again\(Int.random(in: 0..<1_000_000))"
            let password = try Password.new("correct horse")
            let first = try await auth.signUp(UserDraft(handle: handle, displayName: "A"), password: password)
            try await scene.backend.expireAccessTokens()
            try await scene.backend.inject([
                "method": "POST", "path": "/v1/sessions/refresh", "status": 401, "hold": true, "times": 1,
            ])
            let call = Task {
                try await scene.integration.postService.publish(PostDraft(authorID: first.user.id, text: "x"))
            }
            try await scene.backend.waitForHeldRequests(1)

            let again = try await auth.signIn(handle: try Handle(handle), password: password)
            try await scene.backend.releaseHeldRequests()
            _ = await call.result
            #expect(try await auth.currentSession() == again, "the refusal of the old session ended the new one")
            _ = try await scene.integration.postService.publish(PostDraft(authorID: first.user.id, text: "y"))
        }
    }

    @Test("a refresh refused with 403 fails the call it was for as unauthorized, not forbidden")
    func refreshRefusalIsUnauthorized() async throws {
        try await FaultScene.with { scene in
            try await scene.backend.expireAccessTokens()
            try await scene.backend.inject([
                "method": "POST", "path": "/v1/sessions/refresh", "status": 403, "times": 1,
            ])
            let failure = await #expect(throws: ServiceError.self) {
                try await scene.integration.postService.delete(id: scene.post.id, by: scene.author.id)
            }
            #expect(failure?.kind == .unauthorized, "\(String(describing: failure))")
        }
    }

    @Test("after stop, a call waiting in its retry backoff sends nothing more")
    func stopDuringBackoff() async throws {
        // Given a client on a manual clock whose read was answered 503 and now waits to retry
        let clock = ManualClock()
        let scene = try await FaultScene.make {
            $0.retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(400))
            $0.clock = clock
        }
        try await scene.backend.inject(["method": "GET", "path": scene.postPath, "status": 503])
        let posts = scene.integration.postService
        let id = scene.post.id
        let call = Task { () async throws(ServiceError) -> Post in try await posts.post(id: id) }
        defer { call.cancel() }  // a guarded wait that fails leaves no call behind
        try await clock.waitForSleeper(dueWithin: .milliseconds(400))

        // When the integration stops, and the backoff then runs out
        await scene.integration.stop()
        clock.advance(by: .seconds(1))
        // The call ends only after its backoff, when its next attempt is refused by the stopped client.
        _ = try await HangGuard.run("the call's end after its backoff") { await call.result }
        let counts = try await scene.backend.allRequests()
        #expect(counts["GET \(scene.postPath)"] == 1, "\(counts)")
        try? await scene.backend.kill()
    }
}

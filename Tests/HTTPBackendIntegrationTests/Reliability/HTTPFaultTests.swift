import Foundation
import HTTPBackendIntegration
import HTTPSupport
import Models
import Services
import TestSupport
import Testing

/// The fault table of Docs/Reliability.md: for each fault the backend injects, the `ServiceError`
/// the app sees, the attempts the backend counted, and that no token reached the log.
@Suite("HTTP backend: faults")
struct HTTPFaultTests {
    /// One row: the faults to inject (on the scene's post unless the rule names a path), the call,
    /// what it must end in, and the requests the backend must have seen.
    struct FaultCase: Sendable, CustomTestStringConvertible {
        let name: String
        let rules: @Sendable (FaultScene) -> [[String: any Sendable]]
        let expected: ServiceError.Kind?
        let attempts: @Sendable (FaultScene) -> [String: ClosedRange<Int>]
        var call: @Sendable (FaultScene) async throws(ServiceError) -> Void = { scene throws(ServiceError) in
            _ = try await scene.integration.postService.post(id: scene.post.id)
        }
        var check: @Sendable (ServiceError?) -> Bool = { _ in true }

        var testDescription: String { name }
    }

    static func rule(_ path: String, method: String = "GET", _ fields: [String: any Sendable]) -> [String: any Sendable]
    {
        fields.merging(["method": method, "path": path]) { _, new in new }
    }

    static let cases: [FaultCase] = [
        FaultCase(
            name: "500 is retried, then unavailable", rules: { [rule($0.postPath, ["status": 500])] },
            expected: .unavailable, attempts: { ["GET \($0.postPath)": 3...3] },
            check: { error in "\(error.map(String.init(describing:)) ?? "")".contains("the server failed with HTTP 500")
            }),
        FaultCase(
            name: "503 with a Retry-After beyond the limit is unavailable at once, carrying it",
            rules: { [rule($0.postPath, ["status": 503, "retry_after": 120])] },
            expected: .unavailable, attempts: { ["GET \($0.postPath)": 1...1] },
            check: { error in
                if case .unavailable(_, let retryAfter) = error { return retryAfter == .seconds(120) }
                return false
            }),
        FaultCase(
            name: "429 is retried, then unavailable", rules: { [rule($0.postPath, ["status": 429])] },
            expected: .unavailable, attempts: { ["GET \($0.postPath)": 3...3] },
            check: { error in "\(error.map(String.init(describing:)) ?? "")".contains("GET /v1/posts/{post_id}") }),
        FaultCase(
            name: "401 once: one refresh, then the publish is replayed",
            rules: { _ in [rule("/v1/posts", method: "POST", ["status": 401, "times": 1])] },
            expected: nil, attempts: { _ in ["POST /v1/posts": 2...2, "POST /v1/sessions/refresh": 1...1] },
            call: { scene throws(ServiceError) in
                _ = try await scene.integration.postService.publish(
                    PostDraft(authorID: scene.author.id, text: "again"))
            }),
        FaultCase(
            name: "401 with a failing refresh is unauthorized",
            rules: { _ in
                [
                    rule("/v1/posts", method: "POST", ["status": 401]),
                    rule("/v1/sessions/refresh", method: "POST", ["status": 401]),
                ]
            },
            expected: .unauthorized, attempts: { _ in ["POST /v1/posts": 1...1, "POST /v1/sessions/refresh": 1...1] },
            call: { scene throws(ServiceError) in
                _ = try await scene.integration.postService.publish(
                    PostDraft(authorID: scene.author.id, text: "again"))
            }),
        FaultCase(
            name: "a connection dropped mid-body is retried for a GET",
            rules: { [rule($0.postPath, ["delivery": "truncated", "times": 1])] },
            expected: nil, attempts: { ["GET \($0.postPath)": 2...2] }),
        FaultCase(
            name: "a POST whose answer is cut mid-body is retried with its key and made once",
            rules: { _ in [rule("/v1/posts", method: "POST", ["delivery": "truncated", "times": 1])] },
            expected: nil, attempts: { _ in ["POST /v1/posts": 2...2] },
            call: { scene throws(ServiceError) in try await scene.publishOnce("cut") }),
        FaultCase(
            name:
                "a POST whose connection closes after the backend made the post is retried with its key and made once",
            rules: { _ in [rule("/v1/posts", method: "POST", ["delivery": "dropped", "times": 1])] },
            expected: nil, attempts: { _ in ["POST /v1/posts": 2...3] },
            call: { scene throws(ServiceError) in try await scene.publishOnce("dropped") }),
        FaultCase(
            name: "a POST answered 503 after the backend made the post is retried with its key and made once",
            rules: { _ in [rule("/v1/posts", method: "POST", ["status": 503, "after_route": true, "times": 1])] },
            expected: nil, attempts: { _ in ["POST /v1/posts": 2...2] },
            call: { scene throws(ServiceError) in try await scene.publishOnce("gave up") }),
        FaultCase(
            name: "a POST whose every answer is lost fails unavailable, and was made once",
            rules: { _ in [rule("/v1/posts", method: "POST", ["delivery": "truncated"])] },
            expected: .unavailable, attempts: { _ in ["POST /v1/posts": 3...3] },
            call: { scene throws(ServiceError) in try await scene.publishOnce("lost") }),
        FaultCase(
            name: "a delete whose answer is lost is retried with its key and reports done",
            rules: { [rule($0.postPath, method: "DELETE", ["status": 503, "after_route": true, "times": 1])] },
            expected: nil, attempts: { ["DELETE \($0.postPath)": 2...2] },
            call: { scene throws(ServiceError) in
                try await scene.integration.postService.delete(id: scene.post.id, by: scene.author.id)
            }),
        FaultCase(
            name: "a connection closed without an answer is retried, then unavailable",
            rules: { [rule($0.postPath, ["delivery": "dropped"])] },
            // Both transports send once more, on a new connection, when a kept-alive one closes
            // before any answer, so the backend may count one request more than the client's attempts.
            expected: .unavailable, attempts: { ["GET \($0.postPath)": 3...4] }),
        FaultCase(
            name: "truncated JSON is corrupt data", rules: { [rule($0.postPath, ["body": #"{"id": "p1", "author_"#])] },
            expected: .corruptData, attempts: { ["GET \($0.postPath)": 1...1] }),
        FaultCase(
            name: "a wrong type is corrupt data naming the key",
            rules: {
                [
                    rule(
                        $0.postPath,
                        ["body": #"{"id": 7, "author_id": "a", "body": "b", "created_at": "2024-03-01T12:00:00.000Z"}"#]
                    )
                ]
            },
            expected: .corruptData, attempts: { ["GET \($0.postPath)": 1...1] },
            check: { "\(String(describing: $0))".contains("id: expected a string") }),
        FaultCase(
            name: "a bad date is corrupt data naming the key and the expectation",
            rules: {
                [rule($0.postPath, ["body": #"{"id": "p", "author_id": "a", "body": "b", "created_at": "yesterday"}"#])]
            },
            expected: .corruptData, attempts: { ["GET \($0.postPath)": 1...1] },
            check: { "\(String(describing: $0))".contains("created_at: expected ISO 8601 date") }),
        FaultCase(
            name: "a missing field is corrupt data naming it",
            rules: {
                [rule($0.postPath, ["body": #"{"id": "p", "body": "b", "created_at": "2024-03-01T12:00:00.000Z"}"#])]
            },
            expected: .corruptData, attempts: { ["GET \($0.postPath)": 1...1] },
            check: { "\(String(describing: $0))".contains("author_id: missing") }),
        FaultCase(
            name: "an empty body is corrupt data", rules: { [rule($0.postPath, ["body": ""])] },
            expected: .corruptData, attempts: { ["GET \($0.postPath)": 1...1] }),
        FaultCase(
            name: "a non-JSON content type is corrupt data",
            rules: { [rule($0.postPath, ["body": "<html>oops</html>", "content_type": "text/html"])] },
            expected: .corruptData, attempts: { ["GET \($0.postPath)": 1...1] },
            check: { "\(String(describing: $0))".contains("text/html") }),
        FaultCase(
            name: "a 10 MB body is refused as over the limit",
            rules: { [rule($0.postPath, ["body_size": 10 * 1_024 * 1_024])] },
            expected: .corruptData, attempts: { ["GET \($0.postPath)": 1...1] },
            check: { "\(String(describing: $0))".contains("limit") }),
    ]

    @Test("HTTP backend fault", arguments: cases, HTTPTransportKind.allTransports)
    func fault(_ row: FaultCase, _ transport: HTTPTransportKind) async throws {
        // Deadlines are not the subject of these rows: long, so a loaded machine never meets one.
        try await FaultScene.with(configure: { configuration in
            configuration.attemptTimeout = .seconds(60)
            configuration.transport = transport
        }) { scene in
            for rule in row.rules(scene) { try await scene.backend.inject(rule) }
            var failure: ServiceError?
            do throws(ServiceError) {
                try await row.call(scene)
            } catch {
                failure = error
            }
            #expect(failure?.kind == row.expected, "got \(String(describing: failure))")
            #expect(row.check(failure), "got \(String(describing: failure))")
            let counts = try await scene.backend.allRequests()
            for (request, expected) in row.attempts(scene) {
                #expect(expected.contains(counts[request] ?? 0), "\(request): \(counts)")
            }
            #expect(try scene.leakedSecrets().isEmpty, "\(scene.log.lines)")
            #expect(!scene.log.lines.isEmpty)
        }
    }

    @Test("503 with Retry-After is retried once that much time has passed on the client's clock, and succeeds")
    func retryAfterIsHonoured() async throws {
        // Given a client on a manual clock, and a backend answering the next read 503 with Retry-After: 2
        let clock = ManualClock()
        try await FaultScene.with(configure: { configuration in
            configuration.clock = clock
            configuration.attemptTimeout = .seconds(60)
        }) { scene in
            try await scene.backend.inject(Self.rule(scene.postPath, ["status": 503, "retry_after": 2, "times": 1]))

            // When the read has been answered 503 and the client waits to retry
            let posts = scene.integration.postService
            let id = scene.post.id
            let call = Task { () async throws(ServiceError) -> Post in try await posts.post(id: id) }
            defer { call.cancel() }  // a guarded wait that fails leaves no call behind
            try await clock.waitForSleeper(dueWithin: .seconds(2))

            // Then nothing is sent until two seconds have passed, and the retry then succeeds
            clock.advance(by: .milliseconds(1_999))
            #expect(try await scene.backend.requests("GET \(scene.postPath)") == 1)
            clock.advance(by: .milliseconds(1))
            #expect(try await HangGuard.run("the retried read's answer") { try await call.value } == scene.post)
            #expect(try await scene.backend.requests("GET \(scene.postPath)") == 2)
        }
    }

    @Test("a set-up call that needs a retry still sets the stage for a client on a manual clock")
    func stageSetDespiteRetry() async throws {
        // Given a backend that answers the stage's first publish 503, and a client under test on a
        // manual clock that nothing moves
        let clock = ManualClock()
        let publishFailsOnce = Self.rule("/v1/posts", method: "POST", ["status": 503, "times": 1])

        // When the stage is set
        let scene = try await HangGuard.run("the stage, set despite a retry") {
            try await FaultScene.make(setUpFaults: [publishFailsOnce]) { $0.clock = clock }
        }
        try await withCleanup {
            // Then its post was made once, after one retry that waited on the system's clock
            let feed = try await scene.integration.postService.feed(authorID: scene.author.id, page: .first(10))
            #expect(feed.items == [scene.post])
            #expect(clock.now == ManualClock.Instant(offset: .zero))
        } cleanup: {
            await scene.stop()
        }
    }

    @Test("a response slower than the deadline times out, every attempt", arguments: HTTPTransportKind.allTransports)
    func slowResponseTimesOut(_ transport: HTTPTransportKind) async throws {
        // Given a client whose deadline of 5 s is kept on a manual clock, and a backend that holds
        // every answer to the read until released
        let clock = ManualClock()
        try await FaultScene.with(configure: { configuration in
            configuration.clock = clock
            configuration.attemptTimeout = .seconds(5)
            configuration.transport = transport
        }) { scene in
            try await scene.backend.inject(Self.rule(scene.postPath, ["hold": true]))

            // When each attempt has reached the backend and the deadline passes, and each retry's
            // wait is over
            let posts = scene.integration.postService
            let id = scene.post.id
            let call = Task { () async throws(ServiceError) -> Post in try await posts.post(id: id) }
            defer { call.cancel() }  // a guarded wait that fails leaves no call behind
            for attempt in 1...3 {
                try await scene.backend.waitForHeldRequests(attempt)
                clock.advance(by: .seconds(5))
                if attempt < 3 {
                    try await clock.waitForSleeper(dueWithin: .milliseconds(100))
                    clock.advance(by: .milliseconds(100))
                }
            }

            // Then the call times out after three attempts, all of them still unanswered
            let result = try await HangGuard.run("the call's end after its third deadline") { await call.result }
            let failure = try #require(throws: ServiceError.self) { try result.get() }
            #expect(failure.kind == .timedOut, "\(failure)")
            #expect(failure.description.contains("no answer within 5.0 seconds to any of 3 attempts"), "\(failure)")
            #expect(try await scene.backend.requests("GET \(scene.postPath)") == 3)
            try await scene.backend.releaseHeldRequests()
            #expect(try scene.leakedSecrets().isEmpty)
        }
    }

    @Test("a health probe that gets no answer is tried once and reports degraded")
    func silentHealthProbeIsNotRetried() async throws {
        // Given a client whose deadline of 5 s is kept on a manual clock, and a backend that holds
        // its health answers until released
        let clock = ManualClock()
        try await FaultScene.with(configure: { configuration in
            configuration.clock = clock
            configuration.attemptTimeout = .seconds(5)
        }) { scene in
            try await scene.backend.inject(Self.rule("/v1/health", ["hold": true]))

            // When the probe has reached the backend and its deadline passes
            let integration = scene.integration
            let probe = Task { await integration.health() }
            defer { probe.cancel() }  // a guarded wait that fails leaves no call behind
            try await scene.backend.waitForHeldRequests(1)
            clock.advance(by: .seconds(5))

            // Then health says degraded after that one attempt
            let health = try await HangGuard.run("the probe's answer once its deadline passed") { await probe.value }
            guard case .degraded(let reason) = health else {
                Issue.record("expected degraded, got \(health)")
                return
            }
            #expect(reason.contains("not answering"), "\(reason)")
            #expect(try await scene.backend.requests("GET /v1/health") == 1)
            try await scene.backend.releaseHeldRequests()
        }
    }
}

import Foundation
import Models
import Services
import TestSupport
import Testing

@testable import HTTPSupport

/// Both transports against httpbin (PyPI), a server nobody here wrote: `scripts/interop` starts it
/// and sets `SILO_HTTPBIN_URL`; without it the suite is cancelled (and the script fails when no
/// test passed). Every test runs once per transport.
@Suite(
    "HTTP transport against httpbin",
    .requires(HTTPBin.baseURL != nil, "needs httpbin: scripts/interop starts it and sets SILO_HTTPBIN_URL"))
struct HTTPBinInteropTests {
    /// A client of httpbin; its deadline is long (it is not the subject) unless a test keeps it
    /// on a manual `clock` and decides when it passes.
    private func client(
        _ transport: HTTPTransportKind, timeout: Duration = .seconds(60),
        clock: any Clock<Duration> = ContinuousClock(), middleware: [any HTTPMiddleware] = []
    ) -> HTTPClient {
        HTTPClient(
            configuration: .init(
                baseURL: HTTPBin.baseURL!, attemptTimeout: timeout,
                retry: RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10)), middleware: middleware,
                clock: clock, transport: transport))
    }

    @Test("query items with Unicode and reserved characters arrive exactly", arguments: HTTPTransportKind.allTransports)
    func queryEncoding(_ transport: HTTPTransportKind) async throws {
        let query = ["text": "é ü 日本 👩‍👩‍👧", "reserved": "a&b=c?d/e#f%g+h;i", "empty": ""]
        let echo = try await client(transport).perform(HTTPBinGet(route: "get", query: query))
        #expect(echo.args == query)
    }

    @Test("a JSON POST arrives as JSON with its Content-Type", arguments: HTTPTransportKind.allTransports)
    func jsonPost(_ transport: HTTPTransportKind) async throws {
        let body = ["greeting": "héllo", "quote": "\"quoted\" \\ slash /"]
        let echo = try await client(transport).perform(HTTPBinPost(route: "post", body: body))
        #expect(echo.json == body)
        #expect(echo.headers["Content-Type"] == "application/json")
    }

    @Test(
        "the bearer token a middleware sets is sent, and missing it maps to unauthorized",
        arguments: HTTPTransportKind.allTransports)
    func authHeader(_ transport: HTTPTransportKind) async throws {
        let signed = client(transport, middleware: [BearerMiddleware(token: "interop-token")])
        _ = try await signed.perform(HTTPBinBearer())
        do {
            _ = try await client(transport).perform(HTTPBinBearer())
            Issue.record("/bearer answered without a token")
        } catch {
            #expect(ServiceError(error, operation: "GET /bearer").kind == .unauthorized)
        }
    }

    @Test(
        "statuses map to the app's errors",
        arguments: HTTPTransportKind.allTransports,
        [
            (400, ServiceError.Kind.invalidInput), (401, Self.basicChallengeOutcome), (403, .forbidden),
            (404, .notFound),
            (409, .conflict), (422, .invalidInput), (429, .unavailable), (500, .unavailable), (503, .unavailable),
        ])
    func statuses(_ transport: HTTPTransportKind, _ row: (Int, ServiceError.Kind)) async throws {
        let (status, kind) = row
        do {
            _ = try await client(transport).perform(HTTPBinStatus(code: status))
            Issue.record("/status/\(status) succeeded")
        } catch {
            #expect(ServiceError(error, operation: "GET /status").kind == kind, "\(error)")
        }
    }

    /// httpbin's `/status/401` challenges with `WWW-Authenticate: Basic`. FoundationNetworking
    /// 6.3.1 would leave such a request waiting forever (corelibs-foundation issue 5456); the
    /// transport's delegate ends the challenge and reports the 401.
    static let basicChallengeOutcome = ServiceError.Kind.unauthorized

    @Test(
        "a redirect is not followed (it would carry the bearer token along): unavailable, naming it",
        arguments: HTTPTransportKind.allTransports)
    func redirects(_ transport: HTTPTransportKind) async throws {
        let signed = client(transport, middleware: [BearerMiddleware(token: "interop-token")])
        do {
            _ = try await signed.perform(HTTPBinGet(route: "redirect-to", query: ["url": "/bearer"]))
            Issue.record("the redirect was followed")
        } catch {
            let mapped = ServiceError(error, operation: "GET /redirect-to")
            #expect(mapped.kind == .unavailable)
            #expect("\(mapped)".contains("redirect"), "\(mapped)")
        }
    }

    @Test(
        "a gzip- or deflate-encoded answer is decoded",
        arguments: HTTPTransportKind.allTransports, [("gzip", \HTTPBinEcho.gzipped), ("deflate", \.deflated)])
    func encoded(_ transport: HTTPTransportKind, _ coding: (route: String, flag: KeyPath<HTTPBinEcho, Bool?>))
        async throws
    {
        let echo = try await client(transport).perform(HTTPBinGet(route: coding.route))
        #expect(echo[keyPath: coding.flag] == true)
    }

    @Test(
        "a response beyond the deadline times out when the client's clock says so, every attempt",
        arguments: HTTPTransportKind.allTransports)
    func deadline(_ transport: HTTPTransportKind) async throws {
        // Given a client whose 700 ms deadline is kept on a manual clock, asking for an answer
        // httpbin sends after an hour
        let clock = ManualClock()
        let client = client(transport, timeout: .milliseconds(700), clock: clock)
        let call = Task { try await client.perform(HTTPBinLateAnswer(seconds: 3_600)) }
        defer { call.cancel() }  // a guarded wait that fails leaves no call behind

        // When the deadline passes for the first attempt, the backoff, then the second attempt
        try await clock.waitForSleeper(dueWithin: .milliseconds(700))
        clock.advance(by: .milliseconds(700))
        try await clock.waitForSleeper(dueWithin: .milliseconds(10))
        clock.advance(by: .milliseconds(10))
        try await clock.waitForSleeper(dueWithin: .milliseconds(700))
        clock.advance(by: .milliseconds(700))

        // Then the call times out after both attempts, without waiting for httpbin
        let result = try await HangGuard.run("the call's end after two deadlines") { await call.result }
        #expect(throws: HTTPFailure.timedOut(after: .milliseconds(700), attempts: 2)) { try result.get() }
    }

    @Test("a 1 MiB body goes out and comes back", arguments: HTTPTransportKind.allTransports)
    func largeBody(_ transport: HTTPTransportKind) async throws {
        let big = String(repeating: "0123456789abcdef", count: 65_536)
        let echo = try await client(transport).perform(
            HTTPBinPost(route: "anything", body: ["big": big]))
        #expect(echo.json?["big"]?.utf8.count == 1_048_576)
    }
}

/// Sets a fixed bearer token, as the auth middleware would.
private struct BearerMiddleware: HTTPMiddleware {
    let token: String

    func intercept(
        _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws(HTTPFailure) -> HTTPResponse
    ) async throws(HTTPFailure) -> HTTPResponse {
        var request = request
        request.headers["Authorization"] = "Bearer \(token)"
        return try await next(request)
    }
}

/// Where `scripts/interop` started httpbin.
enum HTTPBin {
    static let baseURL = ProcessInfo.processInfo.environment["SILO_HTTPBIN_URL"].flatMap(URL.init(string:))
}

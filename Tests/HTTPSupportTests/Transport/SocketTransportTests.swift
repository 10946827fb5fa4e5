import Foundation
import IntegrationSupport
import TestSupport
import Testing

@testable import HTTPSupport

/// The socket transport against a server that answers byte for byte as each test scripts: the
/// framings, interim answers, kept and stale connections, limits, and an attempt that ends (by
/// cancel or deadline) while the server is silent.
@Suite("HTTP socket transport")
struct SocketTransportTests {
    /// A transport to `server` whose 60-second deadline runs on `clock`: by default a manual one
    /// nothing moves, so no outcome here depends on how fast a loaded machine gets to it (a
    /// cancel sent after the server saw the request once lost to the deadline, under the thread
    /// sanitizer).
    private func transport(
        _ server: ScriptedServer, maxResponseBytes: Int = 1 << 20, clock: any Clock<Duration> = ManualClock()
    ) -> SocketTransport {
        SocketTransport(
            baseURL: server.baseURL,
            limits: TransportLimits(
                attemptTimeout: .seconds(60), maxResponseBytes: maxResponseBytes, maxConnections: 2,
                time: ElapsedClock(clock: clock)))
    }

    private func get(_ path: String = "/v1/health") -> HTTPRequest {
        HTTPRequest(method: .get, path: path, route: path, query: [], headers: [:], body: nil, isIdempotent: true)
    }

    @Test("a chunked answer with extensions and trailers is joined; the connection is kept for the next request")
    func chunked() async throws {
        let server = try ScriptedServer([
            ScriptedServer.answering(
                "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4;name=x\r\nSilo\r\n7\r\n, kept.\r\n0\r\nTrailer: t\r\n\r\n"
            )
        ])
        let transport = transport(server)
        for _ in 1...2 {
            let response = try await transport.send(get())
            #expect(String(decoding: response.body, as: UTF8.self) == "Silo, kept.")
        }
        #expect(server.events.filter { if case .accepted = $0 { true } else { false } } == [.accepted(0)])
        transport.close()
    }

    @Test("an empty answer is empty whatever coding it names (a 304 repeats the coding of what it stands for)")
    func emptyEncodedAnswer() async throws {
        let server = try ScriptedServer([
            ScriptedServer.answering("HTTP/1.1 304 Not Modified\r\nContent-Encoding: gzip\r\n\r\n")
        ])
        let transport = transport(server)
        let response = try await transport.send(get())
        #expect(response.status == 304)
        #expect(response.body.isEmpty)
        transport.close()
    }

    @Test("interim 100 answers are skipped; a body without a length ends when the server closes")
    func interimAndReadToClose() async throws {
        let server = try ScriptedServer([
            { connection in
                connection.readRequest()
                connection.write("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nConnection: close\r\n\r\nall of it")
                connection.close()
            }
        ])
        let transport = transport(server)
        let response = try await transport.send(get())
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "all of it")
        transport.close()
    }

    @Test("a kept connection the server closed is replaced: a repeatable request goes again on a new one")
    func staleKeptConnection() async throws {
        // Given a server that answers once per connection, then reads the next request and
        // closes without answering (as a server closing an idle connection may, just too late)
        let server = try ScriptedServer([
            { connection in
                connection.readRequest()
                connection.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
                connection.readRequest()
                connection.close()
            }
        ])
        let transport = transport(server)
        _ = try await transport.send(get())

        // When a second request goes out
        let response = try await transport.send(get())

        // Then it is answered, on a second connection, after being sent twice
        #expect(response.status == 200)
        let requests = server.events.filter { if case .request = $0 { true } else { false } }
        #expect(requests.count == 3, "\(server.events)")
        transport.close()
    }

    @Test("a request that may not be repeated never goes on a kept connection, so it is never sent twice")
    func unrepeatableOnNewConnection() async throws {
        let server = try ScriptedServer([ScriptedServer.answering("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n")])
        let transport = transport(server)
        var post = get("/v1/sessions")
        post.method = .post
        post.body = Data("{}".utf8)
        post.isIdempotent = false
        for _ in 1...2 { #expect(try await transport.send(post).status == 201) }
        #expect(server.events.contains(.accepted(1)), "\(server.events)")
        transport.close()
    }

    /// An answer that passes one of the transport's limits (1,000 bytes of body here).
    enum OversizedAnswer: String, CaseIterable {
        case contentLength = "Content-Length: 2000"
        case head = "a head of 70,000 bytes"
        case chunk = "a chunk of 2,001 bytes"
        case hugeChunk = "a chunk size near 2^63 after a first chunk"

        var text: String {
            switch self {
            case .contentLength: "HTTP/1.1 200 OK\r\nContent-Length: 2000\r\n\r\n"
            case .head: "HTTP/1.1 200 OK\r\nX-Filler: " + String(repeating: "a", count: 70_000) + "\r\n\r\n"
            case .chunk: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n7d1\r\n"
            case .hugeChunk: "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n7fffffffffffffff\r\n"
            }
        }

        var failure: HTTPFailure {
            switch self {
            case .contentLength: .tooLarge(bytes: 2_000, limit: 1_000)
            case .head: .transport(reason: "the answer's head is over 64 KiB", isTransient: false)
            case .chunk: .tooLarge(bytes: 2_001, limit: 1_000)
            case .hugeChunk: .tooLarge(bytes: Int.max, limit: 1_000)
            }
        }
    }

    @Test("an answer over the limits fails without reading it all", arguments: OversizedAnswer.allCases)
    func limits(_ oversized: OversizedAnswer) async throws {
        let (answer, expected) = (oversized.text, oversized.failure)
        let server = try ScriptedServer([
            { connection in
                connection.readRequest()
                connection.write(answer)
                connection.waitForClientClose()
            }
        ])
        await #expect(throws: expected) { try await transport(server, maxResponseBytes: 1_000).send(get()) }
        try await server.wait(for: .closedByClient(0))
    }

    @Test(
        "a header value with a line break, or a header only the transport may set, is refused before anything is sent",
        arguments: [("X-Note", "a\r\nX-Injected: yes"), ("Transfer-Encoding", "chunked"), ("Expect", "100-continue")])
    func headerInjection(_ name: String, _ value: String) async throws {
        let server = try ScriptedServer([ScriptedServer.answering("HTTP/1.1 204 No Content\r\n\r\n")])
        let transport = transport(server)
        var request = get("/v1/refused")
        request.headers[name] = value
        await #expect(
            throws: HTTPFailure.transport(
                reason: "GET /v1/refused has a header '\(name)' that cannot be sent", isTransient: false)
        ) {
            try await transport.send(request)
        }
        // A request sent after it is the first the server ever sees.
        _ = try await transport.send(get())
        #expect(
            Array(server.events.prefix(2)) == [.accepted(0), .request(0, line: "GET /v1/health HTTP/1.1")],
            "\(server.events)")
        transport.close()
    }

    @Test("a cancelled attempt answers at once, and its thread closes the connection the silent server holds")
    func cancelWakesTheThread() async throws {
        let server = try ScriptedServer([
            { connection in
                connection.readRequest()
                connection.waitForClientClose()
            }
        ])
        let transport = transport(server)
        let call = Task { try await transport.send(get()) }
        try await server.wait(for: .request(0, line: "GET /v1/health HTTP/1.1"))
        call.cancel()
        let cancelled = try await HangGuard.run("the cancelled call's end") { await call.result }
        #expect(throws: HTTPFailure.cancelled) { try cancelled.get() }
        try await server.wait(for: .closedByClient(0))
    }

    @Test("an attempt past its deadline on the client's clock times out, and the connection is closed")
    func deadlineWakesTheThread() async throws {
        let server = try ScriptedServer([
            { connection in
                connection.readRequest()
                connection.waitForClientClose()
            }
        ])
        let clock = ManualClock()
        let transport = transport(server, clock: clock)
        let call = Task { try await transport.send(get()) }
        defer { call.cancel() }  // a guarded wait that fails leaves no call behind
        try await server.wait(for: .request(0, line: "GET /v1/health HTTP/1.1"))
        try await clock.waitForSleeper(dueWithin: .seconds(60))
        clock.advance(by: .seconds(60))
        let late = try await HangGuard.run("the call's end at its deadline") { await call.result }
        #expect(throws: HTTPFailure.timedOut(after: .seconds(60))) { try late.get() }
        try await server.wait(for: .closedByClient(0))
    }

    @Test("an answer that is not HTTP is a bad answer, which a retry may get past, not a lost connection")
    func notHTTP() async throws {
        let server = try ScriptedServer([ScriptedServer.answering("HELLO THERE\r\n\r\n")])
        let transport = transport(server)

        await #expect(throws: HTTPFailure.badAnswer(reason: "the server's response was malformed")) {
            try await transport.send(get())
        }
        #expect(HTTPFailure.badAnswer(reason: "").isRetryable)
        transport.close()
    }

    @Test("nobody listening is a transient failure naming the connection")
    func refused() async throws {
        let refusing = try RefusingPort()
        let url = URL(string: "http://127.0.0.1:\(refusing.port)")!
        let transport = SocketTransport(
            baseURL: url,
            limits: TransportLimits(
                attemptTimeout: .seconds(60), maxResponseBytes: 1_000, maxConnections: 1,
                time: ElapsedClock(clock: ContinuousClock())))
        await #expect(throws: HTTPFailure.transport(reason: "could not connect to the server", isTransient: true)) {
            try await transport.send(get())
        }
        transport.close()
    }
}

import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `silo-backend` facing bad input: each request gets a clear refusal or a closed connection,
/// and the backend keeps serving everyone else (checked after each with a normal request).
@Suite("silo-backend: bad input")
struct BackendBadInputTests {
    struct BadInput: Sendable, CustomTestStringConvertible {
        let name: String
        let bytes: [UInt8]
        /// The status line the backend must answer with, or `nil` when it closes without answering.
        let expectedStatus: String?
        /// Whether the answer comes only once a timeout runs out: the test then moves the
        /// backend's clock past it, after the backend has read every byte sent.
        var waitsForTimeout = false
        var testDescription: String { name }
    }

    static let cases: [BadInput] = [
        BadInput(name: "a malformed request line", bytes: Array("HELLO THERE\r\n\r\n".utf8), expectedStatus: "400"),
        BadInput(
            name: "a request line without a version", bytes: Array("GET /v1/health\r\n\r\n".utf8), expectedStatus: "400"
        ),
        BadInput(
            name: "an unsupported version", bytes: Array("GET /v1/health HTTP/2.0\r\n\r\n".utf8), expectedStatus: "505"),
        BadInput(
            name: "a header line without a colon", bytes: Array("GET /v1/health HTTP/1.1\r\nHost 1\r\n\r\n".utf8),
            expectedStatus: "400"),
        BadInput(
            name: "oversized headers",
            bytes: Array(
                ("GET /v1/health HTTP/1.1\r\nX-Big: " + String(repeating: "a", count: 20_000) + "\r\n\r\n").utf8),
            expectedStatus: "431"),
        BadInput(
            name: "headers that never end",
            bytes: Array(("GET /v1/health HTTP/1.1\r\n" + String(repeating: "X-A: b\r\n", count: 3_000)).utf8),
            expectedStatus: "431"),
        BadInput(
            name: "a Content-Length that is not a number",
            bytes: Array("POST /v1/accounts HTTP/1.1\r\nContent-Length: ten\r\n\r\n".utf8), expectedStatus: "400"),
        BadInput(
            name: "a negative Content-Length",
            bytes: Array("POST /v1/accounts HTTP/1.1\r\nContent-Length: -5\r\n\r\n".utf8), expectedStatus: "400"),
        BadInput(
            name: "a body over the limit",
            bytes: Array("POST /v1/accounts HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n".utf8), expectedStatus: "413"),
        BadInput(
            name: "a chunked body",
            bytes: Array(
                "POST /v1/accounts HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n".utf8),
            expectedStatus: "501"),
        BadInput(
            name: "a truncated body (Content-Length promises more)",
            bytes: Array(
                "POST /v1/accounts HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"handle\""
                    .utf8),
            expectedStatus: "408", waitsForTimeout: true),
        BadInput(
            name: "a body that is not JSON",
            bytes: Array(
                "POST /v1/accounts HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\nhello".utf8),
            expectedStatus: "400"),
        BadInput(
            name: "bytes that are not UTF-8",
            bytes: [0x47, 0x45, 0x54, 0x20, 0x2F, 0xFF, 0xFE, 0x0D, 0x0A, 0x0D, 0x0A],
            expectedStatus: "400"),
        BadInput(name: "an idle connection", bytes: [], expectedStatus: nil, waitsForTimeout: true),
        BadInput(
            name: "half a request line, then silence", bytes: Array("GET /v1/hea".utf8), expectedStatus: "408",
            waitsForTimeout: true),
    ]

    @Test("silo-backend survives", arguments: cases)
    func survives(_ input: BadInput) async throws {
        // Given a backend whose timeouts move only when the test moves its clock
        try await BackendProcess.with(arguments: ["--manual-clock"]) { backend in

            // When a client sends the bad input (and, for a timeout, the clock passes it once every
            // byte has been read), while another client is served
            let connection = try RawConnection(port: backend.port)
            connection.send(input.bytes)
            if input.waitsForTimeout {
                let count = input.bytes.count
                try await backend.waitForConnection(fromPort: connection.localPort) { $0.received == count }
                #expect(try await Self.health(backend) == 200, "a client was kept waiting by a slow one")
                try await backend.advanceClock(by: Self.pastEveryTimeout)
            }
            let answer = try await connection.readResponse()

            // Then it gets the refusal (or a silent close) and the backend serves everyone after it
            if let expected = input.expectedStatus {
                #expect(answer.hasPrefix("HTTP/1.1 \(expected) "), "got \(answer.prefix(200))")
                #expect(answer.contains(#""code":"#), "the refusal has no error body: \(answer.prefix(300))")
            } else {
                #expect(answer.isEmpty, "got \(answer.prefix(200))")
            }
            #expect(try await Self.health(backend) == 200)
        }
    }

    @Test("a body over the limit, sent whole before the answer is read (as most clients do), gets 413, not a reset")
    func oversizedBodySentWhole() async throws {
        try await BackendProcess.with(arguments: ["--manual-clock"]) { backend in
            // Given a client sending 64 MiB, more than the socket buffers of both ends hold, so it
            // is still sending when the backend refuses the request at its head
            let size = 64 << 20
            let head = "POST /v1/accounts HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: \(size)\r\n\r\n"
            let connection = try RawConnection(port: backend.port)

            // When it sends all of it, then reads the answer
            let sent = try await connection.sendBlocking(Array(head.utf8) + [UInt8](repeating: 0x20, count: size))
            let answer = try await connection.readUntilClosed()

            // Then the backend read and dropped the body instead of resetting the connection, and
            // the refusal is there to read
            #expect(sent, "the connection was reset while the client sent its body")
            #expect(answer.hasPrefix("HTTP/1.1 413 "), "got \(answer.prefix(200))")
            #expect(try await Self.health(backend) == 200)
        }
    }

    @Test("a refused client that stops sending its body is closed once the request timeout has passed")
    func drainingEndsAtTheRequestTimeout() async throws {
        try await BackendProcess.with(arguments: ["--manual-clock"]) { backend in
            // Given a client whose request the backend refused at its head, dropping what follows,
            // that sends none of its body and keeps its connection open
            let connection = try RawConnection(port: backend.port)
            connection.send(
                "POST /v1/accounts HTTP/1.1\r\nContent-Type: application/json\r\nContent-Length: 99999999\r\n\r\n")
            try await backend.waitForConnection(fromPort: connection.localPort) { $0.phase == "draining" }

            // When the request timeout passes
            try await backend.advanceClock(by: Self.pastEveryTimeout)

            // Then the backend has closed the connection, and the refusal was there to read
            try await backend.waitForNoConnection(fromPort: connection.localPort)
            #expect(try await connection.readUntilClosed().hasPrefix("HTTP/1.1 413 "))
        }
    }

    @Test("keep-alive: two requests on one connection, then an idle close")
    func keepAlive() async throws {
        // Given a backend whose timeouts move only when the test moves its clock
        try await BackendProcess.with(arguments: ["--manual-clock"]) { backend in

            // When one connection sends two requests at once
            let connection = try RawConnection(port: backend.port)
            connection.send("GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/changes HTTP/1.1\r\nHost: x\r\n\r\n")

            // Then both are answered on it, and it stays open until its idle time has passed
            let answers = try await connection.read {
                $0.components(separatedBy: "HTTP/1.1 200 OK").count == 3 && $0.hasSuffix("}")
            }
            #expect(answers.components(separatedBy: "HTTP/1.1 200 OK").count == 3, "\(answers)")
            try await backend.waitForConnection(fromPort: connection.localPort) {
                $0.phase == "idle" && $0.received > 0
            }
            try await backend.advanceClock(by: Self.pastEveryTimeout)
            let after = try await connection.readUntilClosed()
            #expect(after.isEmpty, "the idle connection got more: \(after)")
        }
    }

    /// Longer than the backend's default idle (5 s) and request (10 s) timeouts.
    static let pastEveryTimeout: Duration = .seconds(11)

    private static func health(_ backend: BackendProcess) async throws -> Int {
        let (_, response) = try await URLSession(configuration: .ephemeral).data(
            from: backend.url.appendingPathComponent("v1/health"))
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }
}

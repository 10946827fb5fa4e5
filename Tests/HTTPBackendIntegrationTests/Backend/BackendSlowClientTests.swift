import Foundation
import TestSupport
import Testing

/// `silo-backend` under clients that hold connections open and trickle their requests (the
/// "slowloris" attack): fresh clients still get their answers.
///
/// The backends run on a manual clock, so the slow clients stay slow for the whole test: no
/// timeout of the server's ends them while the test runs, whatever the machine's load.
@Suite("silo-backend: slow clients")
struct BackendSlowClientTests {
    /// The head of a request that never ends: the request line and one header, no blank line.
    static let unfinishedHead = "GET /v1/health HTTP/1.1\r\nHost: slow\r\n"

    @Test("140 clients trickling their requests keep no fresh client from an answer")
    func freshClientsAnsweredBesideSlowOnes() async throws {
        // Given 140 connections, each halfway through its request, all read by the backend
        try await BackendProcess.with(arguments: ["--manual-clock"]) { backend in
            let slow = try await Self.openSlowClients(140, to: backend)

            // When 60 fresh clients ask for the health check one after another
            var answered = 0
            for _ in 0..<60 where try await Self.freshHealthStatus(backend) == "200" {
                answered += 1
            }

            // Then every one is answered, and the slow clients are still held
            #expect(answered == 60)
            try await backend.waitForConnection(fromPort: slow[0].localPort) { $0.phase == "head" }
        }
    }

    @Test("with every place taken, a new client takes the place of the one that has waited longest on its client")
    func newClientTakesLongestWaitingPlace() async throws {
        // Given a backend that holds 8 connections, all taken: 7 slow clients, each a millisecond
        // after the last on the backend's clock, and an eighth that has sent nothing (the test
        // controls close their connections, so none of theirs holds a place)
        try await BackendProcess.with(arguments: ["--manual-clock", "--max-connections", "8"]) { backend in
            let slow = try await Self.openSlowClients(7, to: backend, apart: .milliseconds(1))
            let eighth = try RawConnection(port: backend.port)

            // When one more client asks for the health check
            let status = try await Self.freshHealthStatus(backend)

            // Then it is answered, the first slow client's connection closes without an answer, and
            // the newest slow client is still held
            #expect(status == "200")
            #expect(try await slow[0].readUntilClosed().isEmpty)
            try await backend.waitForConnection(fromPort: slow[6].localPort) { $0.phase == "head" }
            try await backend.waitForConnection(fromPort: eighth.localPort) { _ in true }
        }
    }

    @Test("long-polls hold at most half the places: one more is told at once to come back (503, Retry-After)")
    func longPollsHoldHalfThePlaces() async throws {
        // Given a backend of 4 places whose 2 long-poll places are taken by reads that wait until
        // the test ends (its clock moves only when told)
        try await BackendProcess.with(arguments: ["--manual-clock", "--max-connections", "4"]) { backend in
            let poll = try await Self.longPoll(on: backend)
            let waiting = try (0..<2).map { _ in try RawConnection(port: backend.port) }
            for connection in waiting { connection.send("GET \(poll) HTTP/1.1\r\nHost: poll\r\n\r\n") }
            try await backend.waitForLongPolls(2)

            // When a third client asks to wait
            let third = try await HangGuard.run("the answer to a third long-poll") {
                try await backend.exchange("GET", poll)
            }

            // Then it is answered at once, a client that does not wait is served beside them, and
            // the two are still waiting
            #expect(third.status == 503 && third.header("Retry-After") == "1", "\(third)")
            #expect(try await Self.freshHealthStatus(backend) == "200")
            try await backend.waitForLongPolls(2)
        }
    }

    /// Whether the backend notices a client's close while it serves a read: on Linux, where
    /// `poll` reports it (`POLLRDHUP`).
    #if os(Linux)
        static let noticesClosedPeers = true
    #else
        static let noticesClosedPeers = false
    #endif

    @Test(
        "a long-poll whose client goes away stops waiting at once, and gives back its place",
        .requires(noticesClosedPeers, "the backend notices a client's close during a read only on Linux (POLLRDHUP)"))
    func abandonedLongPollEnds() async throws {
        // Given a long-poll that would wait until the test ends (the clock moves only when told)
        try await BackendProcess.with(arguments: ["--manual-clock"]) { backend in
            let poll = try await Self.longPoll(on: backend)
            var client: RawConnection? = try RawConnection(port: backend.port)
            client?.send("GET \(poll) HTTP/1.1\r\nHost: poll\r\n\r\n")
            try await backend.waitForLongPolls(1)

            // When its client closes the connection
            client = nil

            // Then the read ends
            try await backend.waitForLongPolls(fewerThan: 1)
        }
    }

    /// The path of a read of a feed's changes that waits 25 s for one, from a cursor of now.
    private static func longPoll(on backend: BackendProcess) async throws -> String {
        let feed = "/v1/users/u_1/posts/changes"
        let start = try await backend.exchange("GET", feed)
        let object = try JSONSerialization.jsonObject(with: Data(start.body.utf8)) as? [String: Any]
        return "\(feed)?cursor=\(try #require(object?["cursor"] as? String, "\(start)"))&wait=25"
    }

    /// Opens `count` connections that each send `unfinishedHead`, and returns once the backend has
    /// read every one; with `apart`, moves the backend's clock by it after each.
    private static func openSlowClients(_ count: Int, to backend: BackendProcess, apart: Duration? = nil)
        async throws -> [RawConnection]
    {
        var connections: [RawConnection] = []
        for _ in 0..<count {
            let connection = try RawConnection(port: backend.port)
            connection.send(unfinishedHead)
            try await backend.waitForConnection(fromPort: connection.localPort) {
                $0.phase == "head" && $0.received == unfinishedHead.utf8.count
            }
            if let apart { try await backend.advanceClock(by: apart) }
            connections.append(connection)
        }
        return connections
    }

    /// The status code a new connection gets for a whole health request.
    private static func freshHealthStatus(_ backend: BackendProcess) async throws -> String {
        let connection = try RawConnection(port: backend.port)
        connection.send("GET /v1/health HTTP/1.1\r\nHost: fresh\r\nConnection: close\r\n\r\n")
        let answer = try await connection.readResponse()
        return String(answer.dropFirst("HTTP/1.1 ".count).prefix(3))
    }
}

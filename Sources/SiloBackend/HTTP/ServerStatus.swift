import Foundation

/// What the event loop shows of its connections to the test controls: each connection's phase
/// and how many bytes it has received, so a test can wait until the server has read what it sent
/// before it moves the server's clock.
///
/// Published only when the test controls are on (`isPublished`): otherwise the loop skips it.
/// `@unchecked Sendable` is safe: `connections` is only touched while holding `lock`.
final class ServerStatus: @unchecked Sendable {
    /// One connection as the loop last saw it.
    struct Connection: Codable, Sendable {
        /// The client's port on 127.0.0.1.
        var port: Int
        /// `idle` (waiting for a request), `head` or `body` (receiving one), `handling`, `writing`,
        /// `draining` (dropping the rest of a refused request).
        var phase: String
        /// The bytes received on it so far.
        var received: Int

        init(_ connection: HTTPConnection) {
            switch connection.phase {
            case .awaitingHead(_, nil): phase = "idle"
            case .awaitingHead: phase = "head"
            case .readingBody: phase = "body"
            case .handling: phase = "handling"
            case .writing: phase = "writing"
            case .draining: phase = "draining"
            }
            received = connection.receivedByteCount
            port = connection.peerPort
        }
    }

    private let lock = NSLock()
    private var connections: [Connection] = []
    private var published = false

    /// Whether the loop publishes its connections after each turn.
    var isPublished: Bool { lock.withLock { published } }

    /// Starts publishing (the test controls call this once).
    func startPublishing() {
        lock.withLock { published = true }
    }

    /// Records the connections as the loop sees them now.
    func publish(_ current: [Connection]) {
        lock.withLock { connections = current }
    }

    /// The connections as last published.
    var snapshot: [Connection] { lock.withLock { connections } }
}

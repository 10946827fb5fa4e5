import Foundation

/// What the client logs for every attempt: never a header, a body or a token.
public struct HTTPLogRecord: Sendable, CustomStringConvertible {
    /// `GET`, `POST`, ...
    public let method: String
    /// The path and query, token-like query values redacted.
    public let target: String
    /// The status, or `nil` when the attempt got no response.
    public let status: Int?
    /// What went wrong when there was no response (`timed out`, `cancelled`, ...).
    public let failure: String?
    /// Which attempt, from 1.
    public let attempt: Int
    /// How long the attempt took, measured by the client.
    public let duration: Duration

    /// `GET /v1/posts/p1 → 200 (attempt 1, 3.2 ms)`.
    public var description: String {
        let outcome = status.map(String.init) ?? failure ?? "no response"
        let milliseconds = Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3
        return "\(method) \(target) → \(outcome) (attempt \(attempt), \(String(format: "%.1f", milliseconds)) ms)"
    }
}

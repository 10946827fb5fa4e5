import BackendAPI
import HTTPSupport
import Models

extension Operations {
    /// `getPostChanges`, `GET /v1/users/{user_id}/posts/changes`: the author's posts that changed after
    /// `cursor`; with none yet, the backend holds the request up to `wait` for one.
    struct GetPostChanges: Endpoint {
        static let operation = APIOperation(
            "getPostChanges", .get, "/v1/users/{user_id}/posts/changes", success: [200])

        let authorID: User.ID
        let cursor: String?
        let wait: Duration

        var pathParameters: [String: String] { ["user_id": authorID.rawValue] }
        var parameters: (any Encodable & Sendable)? {
            Query(cursor: cursor, wait: Double(wait.wholeMilliseconds) / 1_000)
        }
        var serverHold: Duration { wait }
        /// Reads are not shared: each reader waits with its own cursor.
        var sharesInFlightRequests: Bool { false }

        typealias Response = Schemas.PostChanges

        /// `cursor` and `wait` (seconds).
        struct Query: Encodable, Sendable {
            var cursor: String?
            var wait: Double
        }
    }
}

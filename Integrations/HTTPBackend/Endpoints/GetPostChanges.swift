import Models

/// `GET /v1/users/{user_id}/posts/changes`: the author's posts that changed after `cursor`; with
/// none yet, the backend holds the request up to `wait` for one.
struct GetPostChanges: Endpoint {
    let authorID: User.ID
    let cursor: String?
    let wait: Duration

    var method: HTTPMethod { .get }
    var route: String { "/v1/users/{user_id}/posts/changes" }
    var path: String { "/v1/users/" + Path.segment(authorID.rawValue) + "/posts/changes" }
    var parameters: (any Encodable & Sendable)? {
        PostChangesParameters(cursor: cursor, wait: Double(wait.wholeMilliseconds) / 1_000)
    }
    var serverHold: Duration { wait }
    /// Reads are not shared: each reader waits with its own cursor.
    var coalescingKey: String? { nil }

    typealias Response = PostChangesDTO
}

/// `cursor` and `wait` (seconds) for the change feed.
struct PostChangesParameters: Encodable, Sendable {
    var cursor: String?
    var wait: Double
}

/// The answer of `GET /v1/users/{user_id}/posts/changes`.
struct WirePostChanges: Codable, Sendable {
    /// One changed post: the post as it is now, or `null` when it is gone.
    struct Change: Codable, Sendable {
        var postID: String
        var post: WirePost?

        enum CodingKeys: String, CodingKey {
            case post
            case postID = "post_id"
        }
    }

    var changes: [Change]
    /// What to send as `cursor` next time.
    var cursor: String
    /// `true` when the cursor sent was missing or forgotten: `changes` is empty, and the client
    /// reads the whole feed before continuing from `cursor`.
    var reset: Bool
}

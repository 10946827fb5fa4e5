/// The change feed's answer: each changed post as it is now (`nil` when gone), the cursor to send
/// next, and whether the client must read the whole feed first (`reset`).
struct PostChangesDTO: Decodable, Sendable {
    /// One changed post.
    struct Change: Decodable, Sendable {
        var postID: String
        var post: PostDTO?

        enum CodingKeys: String, CodingKey {
            case post
            case postID = "post_id"
        }
    }

    var changes: [Change]
    var cursor: String
    var reset: Bool
}

/// One line of the store's journal (`store.journal`): what one save changed, in the file's own
/// shapes. Lists that would be empty are left out, so a publish reads as
/// `{"posts":[{…}]}` and a delete as `{"deleted_posts":["…"]}`.
struct JournalEntry: Codable, Hashable, Sendable {
    var users: [UserEntry]?
    var posts: [PostEntry]?
    var deletedPosts: [String]?
    var library: [VideoEntry]?
    var deletedVideos: [String]?

    private enum CodingKeys: String, CodingKey {
        case users, posts, library
        case deletedPosts = "deleted_posts"
        case deletedVideos = "deleted_videos"
    }
}

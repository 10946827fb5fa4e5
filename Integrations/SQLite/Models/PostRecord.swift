/// A row of the `posts` table, shaped for SQLite: ids as text, the time as integer milliseconds.
struct PostRecord: Hashable, Sendable {
    /// `posts.id`: a lowercased UUID string.
    var id: String
    /// `posts.author_id`, referencing `users.id`.
    var authorID: String
    /// `posts.text`: validated, trimmed text.
    var text: String
    /// `posts.created_at`: milliseconds since 1970; the feed's sort key with `id`.
    var createdAt: Int64
    /// `posts.video_id`, or `nil` (no foreign key: videos live on the host).
    var videoID: String?

    /// Reads a row selected as `id, author_id, text, created_at, video_id`.
    init(row: Statement) {
        id = row.text(at: 0)
        authorID = row.text(at: 1)
        text = row.text(at: 2)
        createdAt = row.integer(at: 3)
        videoID = row.optionalText(at: 4)
    }

    /// Creates a record from its column values.
    init(id: String, authorID: String, text: String, createdAt: Int64, videoID: String?) {
        self.id = id
        self.authorID = authorID
        self.text = text
        self.createdAt = createdAt
        self.videoID = videoID
    }
}

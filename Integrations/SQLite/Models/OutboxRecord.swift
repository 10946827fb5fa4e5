// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
/// A row of the `outbox` table: one command waiting to be sent (or refused, with `failure`).
/// A publish keeps the whole post in its row; a delete only the post and author ids.
struct OutboxRecord: Hashable, Sendable {
    /// The columns, in the order `init(row:)` reads them.
    static let columns: SQL = "id, key, kind, post_id, author_id, text, created_at, video_id, failure, attempted"
    /// Every command, oldest first.
    static let all: SQL = "SELECT " + columns + " FROM outbox ORDER BY id"
    /// Inserts one row without its id (SQLite numbers it); bind `values`.
    static let insert: SQL =
        "INSERT INTO outbox (key, kind, post_id, author_id, text, created_at, video_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)"

    /// `outbox.id`: the order commands are sent in.
    var id: Int64
    /// `outbox.key`: the idempotency key.
    var key: String
    /// `outbox.kind`: `publish` or `delete`.
    var kind: String
    /// `outbox.post_id`.
    var postID: String
    /// `outbox.author_id`.
    var authorID: String
    /// `outbox.text`, for a publish.
    var text: String?
    /// `outbox.created_at` (milliseconds since 1970), for a publish.
    var createdAt: Int64?
    /// `outbox.video_id`, for a publish with a video.
    var videoID: String?
    /// `outbox.failure`: why the server refused it, or `nil`.
    var failure: String?
    /// `outbox.attempted`: whether a sender has taken it (`1`), so it may have reached the server.
    /// Commands queued before this column existed count as taken.
    var attempted: Bool

    /// Reads a row selected as `columns`.
    init(row: Statement) {
        id = row.integer(at: 0)
        key = row.text(at: 1)
        kind = row.text(at: 2)
        postID = row.text(at: 3)
        authorID = row.text(at: 4)
        text = row.optionalText(at: 5)
        createdAt = row.optionalInteger(at: 6)
        videoID = row.optionalText(at: 7)
        failure = row.optionalText(at: 8)
        attempted = row.integer(at: 9) != 0
    }

    /// A new row for `key` and the command's fields (its id comes from SQLite).
    init(key: String, kind: String, postID: String, authorID: String, post: PostRecord?) {
        id = 0
        self.key = key
        self.kind = kind
        self.postID = postID
        self.authorID = authorID
        text = post?.text
        createdAt = post?.createdAt
        videoID = post?.videoID
        failure = nil
        attempted = false
    }

    /// The values `insert` binds.
    var insertValues: [any SQLiteBindable] { [key, kind, postID, authorID, text, createdAt, videoID] }
}

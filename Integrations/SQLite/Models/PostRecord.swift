/// A row of the `posts` table, shaped for SQLite: ids as text, the time as integer milliseconds.
///
/// `columns` is the one place the column order is written: every query selects it and
/// `init(row:)` and `values` follow it.
struct PostRecord: Hashable, Sendable {
    /// The columns, in the order `init(row:)` reads and `values` binds them.
    static let columns: SQL = "id, author_id, text, created_at, video_id"
    /// `SELECT <columns> FROM posts`, to which a query adds its `WHERE`.
    static let select: SQL = "SELECT " + columns + " FROM posts "
    /// One author's posts, newest first: the feed.
    static let feed = NewestFirstQuery(select: select, ownerColumn: "author_id")
    /// Inserts one row; bind `values`.
    static let insert: SQL = "INSERT INTO posts (" + columns + ") VALUES (?1, ?2, ?3, ?4, ?5)"

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

    /// Reads a row selected as `columns`.
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

    /// The column values in `columns` order.
    var values: [any SQLiteBindable] { [id, authorID, text, createdAt, videoID] }

    /// Where the row sits in a newest-first listing.
    var position: (milliseconds: Int64, id: String) { (createdAt, id) }
}

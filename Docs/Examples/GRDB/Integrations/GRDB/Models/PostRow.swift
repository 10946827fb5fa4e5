import GRDB

/// A row of the `post` table: GRDB reads and writes it through `Codable`, so the struct is the
/// whole description of the row (no column list, no statement text).
///
/// Ids are text, `createdAt` integer milliseconds since 1970: the keyset cursors of the feed
/// compare `(created_at, id)`, the same positions every integration pages by.
struct PostRow: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "post"

    /// `post.id`: a lowercased UUID or the id the draft asked for.
    var id: String
    /// `post.author_id`, referencing `user.id`.
    var authorID: String
    /// `post.text`: validated, trimmed text.
    var text: String
    /// `post.created_at`: milliseconds since 1970.
    var createdAt: Int64
    /// `post.video_id`, or `nil`.
    var videoID: String?

    /// The column names, snake case in the database.
    enum CodingKeys: String, CodingKey, ColumnExpression {
        case id
        case authorID = "author_id"
        case text
        case createdAt = "created_at"
        case videoID = "video_id"
    }

    /// Where the row sits in a newest-first listing.
    var position: (milliseconds: Int64, id: String) { (createdAt, id) }
}

// scripts/remove-service deletes this file with the service it is part of: library
/// A row of the `videos` table: the status as a text column plus nullable columns for its payload.
///
/// `status` is `processing`, `ready` (with `playbackURL`) or `failed` (with `failureReason`); a
/// CHECK constraint keeps other words out, and mapping to `Video` rejects a missing payload.
/// `columns` is the one place the column order is written.
struct VideoRecord: Hashable, Sendable {
    /// The columns, in the order `init(row:)` reads and `values` binds them.
    static let columns: SQL = "id, owner_id, title, duration_ms, status, playback_url, failure_reason, created_at"
    /// `SELECT <columns> FROM videos`, to which a query adds its `WHERE`.
    static let select: SQL = "SELECT " + columns + " FROM videos "
    /// One owner's saved videos, newest first: the library.
    static let library = NewestFirstQuery(select: select, ownerColumn: "owner_id")
    /// Inserts a row or, when its id exists, replaces every other column; bind `values`.
    static let upsert: SQL =
        "INSERT INTO videos (" + columns + ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) "
            + """
            ON CONFLICT (id) DO UPDATE SET
                owner_id = excluded.owner_id, title = excluded.title, duration_ms = excluded.duration_ms,
                status = excluded.status, playback_url = excluded.playback_url,
                failure_reason = excluded.failure_reason, created_at = excluded.created_at
            """

    /// The values of the `status` column.
    enum Status: String, Sendable {
        case processing
        case ready
        case failed
    }

    /// `videos.id`, assigned by the video host.
    var id: String
    /// `videos.owner_id` (no foreign key: the owner may be known only to the host).
    var ownerID: String
    /// `videos.title`.
    var title: String
    /// `videos.duration_ms`, or `nil` while unknown.
    var durationMilliseconds: Int64?
    /// `videos.status` as stored; may be a word this version does not know.
    var status: String
    /// `videos.playback_url`, set when `status` is `ready`.
    var playbackURL: String?
    /// `videos.failure_reason`, set when `status` is `failed`.
    var failureReason: String?
    /// `videos.created_at`: milliseconds since 1970; the listing's sort key with `id`.
    var createdAt: Int64

    /// Reads a row selected as `columns`.
    init(row: Statement) {
        id = row.text(at: 0)
        ownerID = row.text(at: 1)
        title = row.text(at: 2)
        durationMilliseconds = row.optionalInteger(at: 3)
        status = row.text(at: 4)
        playbackURL = row.optionalText(at: 5)
        failureReason = row.optionalText(at: 6)
        createdAt = row.integer(at: 7)
    }

    /// Creates a record from its column values.
    init(
        id: String,
        ownerID: String,
        title: String,
        durationMilliseconds: Int64?,
        status: Status,
        playbackURL: String?,
        failureReason: String?,
        createdAt: Int64
    ) {
        self.id = id
        self.ownerID = ownerID
        self.title = title
        self.durationMilliseconds = durationMilliseconds
        self.status = status.rawValue
        self.playbackURL = playbackURL
        self.failureReason = failureReason
        self.createdAt = createdAt
    }

    /// The column values in `columns` order.
    var values: [any SQLiteBindable] {
        [id, ownerID, title, durationMilliseconds, status, playbackURL, failureReason, createdAt]
    }

    /// Where the row sits in a newest-first listing.
    var position: (milliseconds: Int64, id: String) { (createdAt, id) }
}

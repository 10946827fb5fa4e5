import IntegrationSupport

/// The two statements that page one owner's rows newest first (`created_at DESC, id DESC`): the
/// first page, and the page after a keyset position. Written once for every listing; each record
/// declares its own with its `SELECT` and owner column.
struct NewestFirstQuery: Sendable {
    /// The first page: bind the owner and the limit.
    let firstPage: SQL
    /// The page after a position: bind the owner, the position's milliseconds and id, and the limit.
    let pageAfter: SQL

    /// The query over `select` (which ends before `WHERE`) for rows whose `ownerColumn` matches.
    init(select: SQL, ownerColumn: SQL) {
        let order: SQL = " ORDER BY created_at DESC, id DESC LIMIT "
        firstPage = select + "WHERE " + ownerColumn + " = ?1" + order + "?2"
        pageAfter = select + "WHERE " + ownerColumn + " = ?1 AND (created_at, id) < (?2, ?3)" + order + "?4"
    }

    /// The rows of `page` for `owner`: up to `page.limit` of them, so the caller knows whether
    /// another page follows.
    func rows<Row>(
        on connection: Connection,
        owner: String,
        page: KeysetPage,
        row: (Statement) throws(SQLiteError) -> Row
    ) throws(SQLiteError) -> [Row] {
        guard let after = page.after else {
            return try connection.query(firstPage, owner, page.limit, row: row)
        }
        return try connection.query(pageAfter, owner, after.milliseconds, after.id, page.limit, row: row)
    }
}

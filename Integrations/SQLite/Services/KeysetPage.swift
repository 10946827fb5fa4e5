import Models
import Services

/// A record listed newest first by `(created_at DESC, id DESC)`.
protocol KeysetRecord: Sendable {
    /// `created_at` in milliseconds since 1970.
    var createdAt: Int64 { get }
    /// The row's id, the tie-breaker.
    var id: String { get }
}

extension PostRecord: KeysetRecord {}
extension VideoRecord: KeysetRecord {}

/// Turns a page request into query bounds and the fetched rows into a page, for listings ordered
/// by `(created_at DESC, id DESC)`.
///
/// A listing fetches `limit` rows (one more than asked), so whether a next page exists is known
/// without a second query; the cursor encodes the last returned row's key.
struct KeysetPage {
    /// The listing's scope, e.g. `"posts:<authorID>"`; a cursor from another scope is rejected.
    let scope: String
    /// The requested size, validated.
    let size: Int
    /// Where to continue, decoded from the request's cursor; `nil` for the first page.
    let after: KeysetCursor?

    /// How many rows to fetch: one more than the page size.
    var limit: Int { size + 1 }

    /// Validates `request` for the listing `scope`.
    ///
    /// - Throws: `.invalidInput` for field `"pageSize"` or `"cursor"`.
    init(_ request: PageRequest, scope: String) throws(ServiceError) {
        try ServiceError.validating { () throws(ValidationError) in try request.validate() }
        self.scope = scope
        self.size = request.size
        self.after = try request.cursor.map { cursor throws(ServiceError) in try KeysetCursor(cursor, scope: scope) }
    }

    /// The page made of `records` (fetched with `limit`), each mapped with `transform`.
    func page<Record: KeysetRecord, Item: Sendable>(
        of records: [Record],
        _ transform: (Record) throws(ServiceError) -> Item
    ) throws(ServiceError) -> Page<Item> {
        let pageRecords = records.prefix(size)
        var items: [Item] = []
        items.reserveCapacity(pageRecords.count)
        for record in pageRecords {
            items.append(try transform(record))
        }
        guard records.count > size, let last = pageRecords.last else {
            return Page(items: items, nextCursor: nil)
        }
        let next = KeysetCursor(scope: scope, milliseconds: last.createdAt, id: last.id)
        return Page(items: items, nextCursor: next.cursor)
    }
}

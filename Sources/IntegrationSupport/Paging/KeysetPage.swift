import Models
import Services

/// One page request of a listing ordered newest first by `(milliseconds, id)`, checked and
/// decoded: the size, and the position after which the page starts.
///
/// Stores that query (SQLite) fetch `limit` rows (one more than the page, so whether a next page
/// exists is known without a second query) after `after`; stores that hold the listing in memory
/// hand the whole sorted listing to `page(ofListing:position:)`. Either way `page(of:position:)`
/// cuts the page and writes the next cursor, so every store pages the same way.
public struct KeysetPage: Sendable {
    /// The listing's scope, e.g. `KeysetCursor.feedScope(author)`; a cursor from another scope is refused.
    public let scope: String
    /// The requested size, validated.
    public let size: Int
    /// Where to continue, decoded from the request's cursor; `nil` for the first page.
    public let after: KeysetCursor?

    /// How many items to fetch: one more than the page size.
    public var limit: Int { size + 1 }

    /// Validates `request` for the listing `scope`.
    ///
    /// - Throws: `.invalidInput` for field `"pageSize"` or `"cursor"`.
    public init(_ request: PageRequest, scope: String) throws(ServiceError) {
        try ServiceError.validating { () throws(ValidationError) in try request.validate() }
        self.scope = scope
        self.size = request.size
        self.after = try request.cursor.map { cursor throws(ServiceError) in try KeysetCursor(cursor, scope: scope) }
    }

    /// The page made of `items`: the listing after `after`, in order, at least `limit` of them when
    /// more follow. A cursor follows the page only when more items do.
    public func page<Item: Sendable>(
        of items: some Collection<Item>,
        position: (Item) -> (milliseconds: Int64, id: String)
    ) -> Page<Item> {
        let pageItems = Array(items.prefix(size))
        guard items.count > size, let last = pageItems.last else {
            return Page(items: pageItems, nextCursor: nil)
        }
        let (milliseconds, id) = position(last)
        return Page(items: pageItems, nextCursor: KeysetCursor(scope: scope, milliseconds: milliseconds, id: id).cursor)
    }

    /// The page of `listing` (the whole listing, newest first, in an array) that this request asks
    /// for: the start after the cursor is found by bisection, so a page costs its size, not the
    /// listing's.
    public func page<Item: Sendable>(
        ofListing listing: [Item],
        position: (Item) -> (milliseconds: Int64, id: String)
    ) -> Page<Item> {
        guard let after else { return page(of: listing, position: position) }
        // `after.precedes` is false for the items up to the cursor and true for those after it.
        var (low, high) = (0, listing.count)
        while low < high {
            let middle = (low + high) / 2
            let (milliseconds, id) = position(listing[middle])
            if after.precedes(milliseconds: milliseconds, id: id) { high = middle } else { low = middle + 1 }
        }
        return page(of: listing[low..<min(listing.count, low + limit)], position: position)
    }

    /// The page of `listing` (the whole listing, newest first) that this request asks for.
    public func page<Item: Sendable>(
        ofListing listing: some Collection<Item>,
        position: (Item) -> (milliseconds: Int64, id: String)
    ) -> Page<Item> {
        guard let after else { return page(of: listing, position: position) }
        var remaining: [Item] = []
        for item in listing {
            let (milliseconds, id) = position(item)
            guard after.precedes(milliseconds: milliseconds, id: id) else { continue }
            remaining.append(item)
            if remaining.count == limit { break }
        }
        return page(of: remaining, position: position)
    }
}

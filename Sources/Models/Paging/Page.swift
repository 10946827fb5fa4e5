/// One page of a listing, in the listing's order, with the cursor of the next page.
public struct Page<Item: Sendable>: Sendable {
    /// The items of this page; at most the requested size.
    public var items: [Item]
    /// The cursor for the next page, or `nil` when this is the last page.
    public var nextCursor: Cursor?

    /// Creates a page.
    public init(items: [Item], nextCursor: Cursor?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    /// Whether more items follow this page.
    public var hasMore: Bool { nextCursor != nil }

    /// The page with each item transformed, keeping the cursor: for mapping integration records
    /// to app models.
    public func map<T: Sendable, E: Error>(_ transform: (Item) throws(E) -> T) throws(E) -> Page<T> {
        var mapped: [T] = []
        mapped.reserveCapacity(items.count)
        for item in items {
            mapped.append(try transform(item))
        }
        return Page<T>(items: mapped, nextCursor: nextCursor)
    }
}

extension Page: Equatable where Item: Equatable {}
extension Page: Hashable where Item: Hashable {}
extension Page: Codable where Item: Codable {}

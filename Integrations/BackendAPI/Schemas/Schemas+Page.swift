extension Schemas {
    /// `PostPage` and `VideoPage`: one page of a listing, `{"items": [...], "next_cursor": "..."}`;
    /// no `next_cursor` on the last page.
    public struct Page<Item: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
        /// The page's items, in the listing's order.
        public var items: [Item]
        /// The cursor of the next page, or `nil` on the last page.
        public var nextCursor: String?

        /// Creates a page.
        public init(items: [Item], nextCursor: String?) {
            self.items = items
            self.nextCursor = nextCursor
        }

        enum CodingKeys: String, CodingKey {
            case items
            case nextCursor = "next_cursor"
        }
    }
}

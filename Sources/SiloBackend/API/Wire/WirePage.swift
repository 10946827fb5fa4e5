import Models

/// One page of a listing: `{"items": [...], "next_cursor": "..."}`; no `next_cursor` on the last page.
struct WirePage<Item: Codable & Sendable>: Codable, Sendable {
    var items: [Item]
    var nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case items
        case nextCursor = "next_cursor"
    }

    init<Model>(_ page: Page<Model>, _ transform: (Model) -> Item) {
        items = page.items.map(transform)
        nextCursor = page.nextCursor?.rawValue
    }
}

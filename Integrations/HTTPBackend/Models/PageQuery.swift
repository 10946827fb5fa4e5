import Models

/// `page_size` and `cursor`: the query of every listing.
struct PageQuery: Encodable, Sendable {
    var pageSize: Int
    var cursor: String?

    /// The query asking for `page`.
    init(_ page: PageRequest) {
        pageSize = page.size
        cursor = page.cursor?.rawValue
    }

    enum CodingKeys: String, CodingKey {
        case pageSize = "page_size"
        case cursor
    }
}

/// One page of a listing as the API sends it; `next_cursor` is absent on the last page.
struct PageDTO<Item: Decodable & Sendable>: Decodable, Sendable {
    var items: [Item]
    var nextCursor: String?

    enum CodingKeys: String, CodingKey {
        case items
        case nextCursor = "next_cursor"
    }
}

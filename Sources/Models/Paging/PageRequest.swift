/// Which page of a listing to return: how many items, and where to continue from.
public struct PageRequest: Hashable, Sendable, Codable {
    /// The allowed page sizes.
    public static let sizeLimit = 1...100

    /// The maximum number of items to return (1–100).
    public var size: Int
    /// Where to continue: `nil` for the first page, otherwise the previous page's `nextCursor`.
    public var cursor: Cursor?

    /// Creates a request for `size` items after `cursor`.
    public init(size: Int, cursor: Cursor? = nil) {
        self.size = size
        self.cursor = cursor
    }

    /// The first page of `size` items.
    public static func first(_ size: Int) -> PageRequest {
        PageRequest(size: size)
    }

    /// The request for the page after `page`, or `nil` when `page` was the last one.
    public func next<Item>(after page: Page<Item>) -> PageRequest? {
        page.nextCursor.map { PageRequest(size: size, cursor: $0) }
    }

    /// Checks the page size.
    ///
    /// - Throws: `ValidationError` for `"pageSize"` when `size` is outside 1–100.
    public func validate() throws(ValidationError) {
        guard Self.sizeLimit.contains(size) else {
            throw ValidationError(
                field: "pageSize",
                reason: "must be \(Self.sizeLimit.lowerBound)–\(Self.sizeLimit.upperBound), got \(size)"
            )
        }
    }
}

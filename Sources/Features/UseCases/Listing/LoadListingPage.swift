import Commands
import Models
import Services

/// Loads one page of a user's listing (such as `LoadFeedPage`), newest first.
///
/// Identical loads in flight at the same time (same listing, owner, page size and cursor) share
/// one execution on a `CommandQueue` through `coalescingKey`, so a view appearing twice in quick
/// succession costs one service call.
public struct LoadListingPage<Item: ListingItem>: Command {
    /// Which page of whose listing to load.
    public struct Request: Hashable, Sendable {
        /// Whose listing: the author of a feed, the owner of a library.
        public var ownerID: User.ID
        /// How many items at most (1–100, see `PageRequest.sizeLimit`).
        public var pageSize: Int
        /// Where to continue: `nil` for the first page, otherwise the previous page's `nextCursor`.
        public var cursor: Cursor?

        /// Creates a request.
        public init(ownerID: User.ID, pageSize: Int, cursor: Cursor? = nil) {
            self.ownerID = ownerID
            self.pageSize = pageSize
            self.cursor = cursor
        }
    }

    /// One page of the listing, with the cursor of the next (`nil` on the last page).
    public typealias Response = Page<Item>

    /// The request this command carries out.
    public let request: Request
    private let listing: Listing<Item>

    /// Creates the command; nothing runs until `execute()`.
    public init(request: Request, listing: Listing<Item>) {
        self.request = request
        self.listing = listing
    }

    /// Equal exactly for loads that would return the same page (listing, owner, size and cursor,
    /// each length-prefixed so no two requests collide). Scoped to one queue: give each set of
    /// services its own queue.
    public var coalescingKey: String? {
        CoalescingKey.make(
            listing.name, request.ownerID.rawValue, "\(request.pageSize)", request.cursor?.rawValue ?? "")
    }

    /// Checks the page size and loads the page.
    ///
    /// - Throws: `.invalidInput` (field `"pageSize"` or `"cursor"`), `.cancelled`, or what the
    ///   listing's service throws.
    public func execute() async throws(ServiceError) -> Response {
        let page = PageRequest(size: request.pageSize, cursor: request.cursor)
        try ServiceError.validating { () throws(ValidationError) in try page.validate() }
        try ServiceError.checkCancellation()
        return try await listing.loadPage(request.ownerID, page)
    }
}

/// Loads one page of an author's posts; see `Listing.feed(_:)`.
public typealias LoadFeedPage = LoadListingPage<Post>

// begin part of: library
/// Loads one page of an owner's saved videos; see `Listing.videoLibrary(_:)` (and
/// `UseCases.loadVideoLibraryPage(_:)`, which brings videos still processing up to date with the host).
public typealias LoadVideoLibraryPage = LoadListingPage<Video>
// end part of: library

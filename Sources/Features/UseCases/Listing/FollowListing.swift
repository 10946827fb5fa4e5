import Models
import Services

/// Follows the first page of a user's listing (such as `FollowFeed`): the page now,
/// then a fresh page after every change to it, from this process or another (see
/// `ServiceObservation` for the delivery promise).
///
/// Not a command: it does not run once and return, it delivers until its consumer stops. A
/// presenter iterates `updates()` while its view is visible and cancels it when the view goes.
public struct FollowListing<Item: ListingItem>: Sendable {
    /// Whose listing to follow, and how much of it.
    public struct Request: Hashable, Sendable {
        /// Whose listing: the author of a feed, the owner of a library.
        public var ownerID: User.ID
        /// How many of the newest items each update holds (1–100).
        public var pageSize: Int

        /// Creates a request.
        public init(ownerID: User.ID, pageSize: Int) {
            self.ownerID = ownerID
            self.pageSize = pageSize
        }
    }

    /// What it follows.
    public let request: Request
    private let listing: Listing<Item>

    /// Creates the use case; nothing runs until `updates()` is iterated.
    public init(request: Request, listing: Listing<Item>) {
        self.request = request
        self.listing = listing
    }

    /// The first page now and after every change, shaped like `LoadListingPage`'s response.
    public func updates() -> ServiceObservation<Page<Item>> {
        listing.observeFirstPage(request.ownerID, request.pageSize)
    }
}

/// Follows the first page of an author's feed.
public typealias FollowFeed = FollowListing<Post>

/// Follows the first page of an owner's video library (a video finishing processing shows up ready).
public typealias FollowVideoLibrary = FollowListing<Video>  // part of: library

import Models
import Services

/// A user's listing, newest first, that pages and can be followed: an author's feed, an owner's
/// video library.
///
/// The one description that `LoadListingPage`, `FollowListing` and `ListingPresenter` share, so a
/// new listing is a new value of this type (`Listing+Feed.swift`), never a copy of the machinery.
/// A plain value of `@Sendable` closures over the services that serve it.
public struct Listing<Item: ListingItem>: Sendable {
    /// Loads the page after `page.cursor` of `ownerID`'s listing.
    public typealias LoadPage =
        @Sendable (_ ownerID: User.ID, _ page: PageRequest) async throws(ServiceError) -> Page<
            Item
        >
    /// The first `pageSize` items of `ownerID`'s listing now, then after every change.
    public typealias ObserveFirstPage =
        @Sendable (_ ownerID: User.ID, _ pageSize: Int) -> ServiceObservation<
            Page<Item>
        >

    /// The listing's name in coalescing keys and logs (`feed`, `library`).
    public let name: String
    /// How a page is loaded.
    public let loadPage: LoadPage
    /// How the first page is followed.
    public let observeFirstPage: ObserveFirstPage

    /// Describes a listing named `name`.
    public init(name: String, loadPage: @escaping LoadPage, observeFirstPage: @escaping ObserveFirstPage) {
        self.name = name
        self.loadPage = loadPage
        self.observeFirstPage = observeFirstPage
    }
}

/// What a listing lists: identified values with an order, newest first.
public protocol ListingItem: Identifiable, Hashable, Sendable {
    /// Whether `first` is listed before `second`: newer, or as new and first by tie-break. A live
    /// first page is merged with the older pages shown by this order.
    static func isListed(_ first: Self, before second: Self) -> Bool
}

extension Post: ListingItem {
    /// Newer first; posts from the same instant by descending id, as every post service lists them.
    public static func isListed(_ first: Post, before second: Post) -> Bool {
        (first.createdAt, first.id.rawValue) > (second.createdAt, second.id.rawValue)
    }
}

// begin part of: library
extension Video: ListingItem {
    /// Newer first; videos from the same instant by descending id, as every library lists them.
    public static func isListed(_ first: Video, before second: Video) -> Bool {
        (first.createdAt, first.id.rawValue) > (second.createdAt, second.id.rawValue)
    }
}
// end part of: library

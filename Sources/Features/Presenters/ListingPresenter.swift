import Commands
import Models

/// Shows a user's listing (a feed, a video library): loads the first page when the view will
/// appear, follows it live while the view is visible (an item added, changed or removed anywhere
/// shows without a refresh), and loads more on demand or from a cursor a user kept.
///
/// Main-actor isolated; holds its view weakly. On `.didDisappear` every load in flight is
/// cancelled, following stops, and the view hears nothing more until it appears again. A screen
/// with actions of its own on the items subclasses it (`FeedPresenter` deletes posts).
@MainActor
public class ListingPresenter<Item: ListingItem>: Presenter {
    /// Makes the command that loads one page, such as `UseCases.loadFeedPage(_:)` in the app.
    public typealias MakeLoadPage = (LoadListingPage<Item>.Request) -> any Command<Page<Item>>
    /// Makes the use case that follows the first page, such as `UseCases.followFeed(_:)` in the app.
    public typealias MakeFollow = (FollowListing<Item>.Request) -> FollowListing<Item>

    /// The view this presenter drives.
    public weak var view: (any ListingView<Item>)?
    /// Whose listing is shown.
    public let ownerID: User.ID
    /// The items shown, newest first.
    public var items: [Item] { listing.items }
    /// Where the page after the shown ones starts, or `nil` on the last page.
    public var nextCursor: Cursor? { listing.nextCursor }
    /// Whether another page can be loaded with `loadMore()`.
    public var hasMore: Bool { listing.hasMore }

    /// Runs this presenter's use cases, for a subclass's actions too.
    let runner: UseCaseRunner
    /// The work in flight, cancelled on `.didDisappear`.
    let work = InFlightWork()
    /// The pages shown and the live updates.
    let listing: PagedListing<Item>
    private let follow: FollowListing<Item>?

    /// Creates a presenter whose pages come from `makeLoadPage` and, to follow the listing live,
    /// `makeFollow` (without it the listing changes on refresh only).
    public init(
        view: any ListingView<Item>,
        ownerID: User.ID,
        pageSize: Int = 20,
        runner: UseCaseRunner,
        makeLoadPage: @escaping MakeLoadPage,
        makeFollow: MakeFollow? = nil
    ) {
        self.view = view
        self.ownerID = ownerID
        self.runner = runner
        follow = makeFollow?(FollowListing.Request(ownerID: ownerID, pageSize: pageSize))
        listing = PagedListing(work: work) { cursor in
            runner.run(makeLoadPage(.init(ownerID: ownerID, pageSize: pageSize, cursor: cursor)))
        }
        listing.onEvent = { [weak self] event in self?.show(event) }
    }

    /// Replaces what is shown with the page after `cursor` (a deep link, a terminal's `--after`);
    /// a page load in flight is cancelled.
    public func load(after cursor: Cursor) {
        listing.replace(after: cursor)
    }

    /// Loads the first page and starts following on `.willAppear`; cancels everything and stops
    /// following on `.didDisappear`.
    public func handle(_ event: ViewLifecycleEvent) {
        switch event {
        case .willAppear:
            refresh()
            if let follow { listing.follow(follow.updates()) }
        case .didDisappear:
            work.cancelAll()
            listing.stopFollowing()
        case .didLoad, .didAppear: break
        }
    }

    /// Whether the listing is being followed live (between `.willAppear` and `.didDisappear`).
    public var isFollowing: Bool { listing.isFollowing }

    /// Returns when following has ended: on `.didDisappear`, or when the observation failed or ended.
    public func waitUntilFollowingEnds() async {
        await listing.waitUntilFollowingEnds()
    }

    /// Reloads the first page, replacing the items shown; a page load in flight is cancelled, so
    /// a stale page is never appended to the fresh one.
    public func refresh() {
        listing.replace(after: nil)
    }

    /// Loads the page after the items shown and appends it; does nothing on the last page or while
    /// a page is loading.
    public func loadMore() {
        listing.loadMore()
    }

    /// Returns once every load and action in flight is done (for a terminal app and for tests).
    public func waitUntilIdle() async {
        await work.waitUntilIdle()
    }

    private func show(_ event: PagedListing<Item>.Event) {
        switch event {
        case .loading(let isLoading): view?.showLoading(isLoading)
        case .failed(let error): view?.showError(message: error.userMessage)
        case .changed where items.isEmpty: view?.showEmpty()
        case .changed: view?.showItems(items, hasMore: hasMore)
        }
    }
}

/// Shows a user's saved videos; see `ListingPresenter`.
public typealias VideoLibraryPresenter = ListingPresenter<Video>  // part of: library

import Commands
import Models

/// Shows a user's saved videos: loads the first page when the view will appear, follows it live
/// while the view is visible (a video finishing processing shows up ready), more on demand.
///
/// Main-actor isolated; holds its view weakly. On `.didDisappear` the load in flight is cancelled,
/// following stops, and the view hears nothing more until it appears again.
@MainActor
public final class VideoLibraryPresenter: Presenter {
    /// Makes the command that loads one page; `UseCases.loadVideoLibraryPage(_:)` in the app.
    public typealias MakeLoadVideoLibraryPage = (LoadVideoLibraryPage.Request) -> any Command<
        LoadVideoLibraryPage.Response
    >
    /// Makes the use case that follows the first page; `UseCases.followVideoLibrary(_:)` in the app.
    public typealias MakeFollowVideoLibrary = (FollowVideoLibrary.Request) -> FollowVideoLibrary

    /// The view this presenter drives.
    public weak var view: (any VideoLibraryView)?
    /// Whose library is shown.
    public let ownerID: User.ID
    /// The videos shown, newest first.
    public var videos: [Video] { listing.items }
    /// Where the page after the shown ones starts, or `nil` on the last page.
    public var nextCursor: Cursor? { listing.nextCursor }
    /// Whether another page can be loaded with `loadMore()`.
    public var hasMore: Bool { listing.hasMore }

    private let followLibrary: FollowVideoLibrary?
    private let work = InFlightWork()
    private let listing: PagedListing<Video, LoadVideoLibraryPage.Response>

    /// Creates a presenter whose use cases come from `makeLoadPage` and, to follow the library live,
    /// `makeFollowVideoLibrary` (`useCases.loadVideoLibraryPage` and `useCases.followVideoLibrary`
    /// in the app; without `makeFollowVideoLibrary` the library changes on refresh only).
    public init(
        view: any VideoLibraryView,
        ownerID: User.ID,
        pageSize: Int = 20,
        runner: UseCaseRunner,
        makeLoadPage: @escaping MakeLoadVideoLibraryPage,
        makeFollowVideoLibrary: MakeFollowVideoLibrary? = nil
    ) {
        self.view = view
        self.ownerID = ownerID
        followLibrary = makeFollowVideoLibrary?(FollowVideoLibrary.Request(ownerID: ownerID, pageSize: pageSize))
        listing = PagedListing(
            work: work,
            loadPage: { cursor in
                runner.run(makeLoadPage(.init(ownerID: ownerID, pageSize: pageSize, cursor: cursor)))
            },
            readPage: { ($0.videos, $0.nextCursor) },
            listedBefore: { ($0.createdAt, $0.id.rawValue) > ($1.createdAt, $1.id.rawValue) }
        )
        listing.onEvent = { [weak self] event in self?.show(event) }
    }

    /// Replaces what is shown with the page after `cursor` (a deep link, a terminal's `--after`);
    /// a page load in flight is cancelled.
    public func load(after cursor: Cursor) {
        listing.replace(after: cursor)
    }

    /// Loads the first page and starts following on `.willAppear`; cancels the load and stops
    /// following on `.didDisappear`.
    public func handle(_ event: ViewLifecycleEvent) {
        switch event {
        case .willAppear:
            refresh()
            if let followLibrary { listing.follow(followLibrary.updates()) }
        case .didDisappear:
            work.cancelAll()
            listing.stopFollowing()
        case .didLoad, .didAppear: break
        }
    }

    /// Whether the library is being followed live (between `.willAppear` and `.didDisappear`).
    public var isFollowing: Bool { listing.isFollowing }

    /// Reloads the first page, replacing the videos shown; a page load in flight is cancelled, so
    /// a stale page is never appended to the fresh one.
    public func refresh() {
        listing.replace(after: nil)
    }

    /// Loads the page after the videos shown; does nothing on the last page or while loading.
    public func loadMore() {
        listing.loadMore()
    }

    /// Returns once the load in flight is done.
    public func waitUntilIdle() async {
        await work.waitUntilIdle()
    }

    private func show(_ event: PagedListing<Video, LoadVideoLibraryPage.Response>.Event) {
        switch event {
        case .loading: break
        case .failed(let error): view?.showError(message: error.userMessage)
        case .changed where videos.isEmpty: view?.showEmpty()
        case .changed: view?.showVideos(videos, hasMore: hasMore)
        }
    }
}

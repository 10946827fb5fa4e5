import Commands
import Models

/// Shows an author's feed: loads the first page when the view will appear, follows it live while
/// the view is visible (posts published or deleted anywhere appear without a refresh), loads more
/// on demand, and deletes posts.
///
/// Main-actor isolated; holds its view weakly. On `.didDisappear` every load and delete in flight
/// is cancelled, following stops, and the view hears nothing more until it appears again.
@MainActor
public final class FeedPresenter: Presenter {
    /// Makes the command that loads one page; `UseCases.loadFeedPage(_:)` in the app.
    public typealias MakeLoadFeedPage = (LoadFeedPage.Request) -> any Command<LoadFeedPage.Response>
    /// Makes the command that deletes one post; `UseCases.deletePost(_:)` in the app.
    public typealias MakeDeletePost = (DeletePost.Request) -> any Command<DeletePost.Response>
    /// Makes the use case that follows the first page; `UseCases.followFeed(_:)` in the app.
    public typealias MakeFollowFeed = (FollowFeed.Request) -> FollowFeed

    /// The view this presenter drives.
    public weak var view: (any FeedView)?
    /// Whose feed is shown.
    public let authorID: User.ID
    /// The posts shown, newest first.
    public var posts: [Post] { listing.items }
    /// Where the page after the shown ones starts, or `nil` on the last page.
    public var nextCursor: Cursor? { listing.nextCursor }
    /// Whether another page can be loaded with `loadMore()`.
    public var hasMore: Bool { listing.hasMore }

    private let runner: UseCaseRunner
    private let makeDeletePost: MakeDeletePost
    private let followFeed: FollowFeed?
    private let work = InFlightWork()
    private let listing: PagedListing<Post, LoadFeedPage.Response>

    /// Creates a presenter whose use cases come from `makeLoadFeedPage`, `makeDeletePost` and, to
    /// follow the feed live, `makeFollowFeed` (`useCases.loadFeedPage`, `useCases.deletePost` and
    /// `useCases.followFeed` in the app; without `makeFollowFeed` the feed changes on refresh only).
    public init(
        view: any FeedView,
        authorID: User.ID,
        pageSize: Int = 20,
        runner: UseCaseRunner,
        makeLoadFeedPage: @escaping MakeLoadFeedPage,
        makeDeletePost: @escaping MakeDeletePost,
        makeFollowFeed: MakeFollowFeed? = nil
    ) {
        self.view = view
        self.authorID = authorID
        self.runner = runner
        self.makeDeletePost = makeDeletePost
        followFeed = makeFollowFeed?(FollowFeed.Request(authorID: authorID, pageSize: pageSize))
        listing = PagedListing(
            work: work,
            loadPage: { cursor in
                runner.run(makeLoadFeedPage(.init(authorID: authorID, pageSize: pageSize, cursor: cursor)))
            },
            readPage: { ($0.posts, $0.nextCursor) },
            listedBefore: { ($0.createdAt, $0.id.rawValue) > ($1.createdAt, $1.id.rawValue) }
        )
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
            if let followFeed { listing.follow(followFeed.updates()) }
        case .didDisappear:
            work.cancelAll()
            listing.stopFollowing()
        case .didLoad, .didAppear: break
        }
    }

    /// Whether the feed is being followed live (between `.willAppear` and `.didDisappear`).
    public var isFollowing: Bool { listing.isFollowing }

    /// Returns when following has ended: on `.didDisappear`, or when the observation failed or ended.
    public func waitUntilFollowingEnds() async {
        await listing.waitUntilFollowingEnds()
    }

    /// Reloads the first page, replacing the posts shown; a page load in flight is cancelled.
    public func refresh() {
        listing.replace(after: nil)
    }

    /// Loads the page after the posts shown and appends it; does nothing on the last page or while
    /// a page is loading.
    public func loadMore() {
        listing.loadMore()
    }

    /// Deletes the post with `postID` on behalf of the feed's author and removes it from the posts
    /// shown; a post by anyone else is refused with `.forbidden` and stays.
    public func delete(postID: Post.ID) {
        work.track(runner.run(makeDeletePost(DeletePost.Request(postID: postID, actorID: authorID))))
            .then { [weak self] response in
                self?.listing.removeAll { $0.id == response.deletedID }
            }
            .catch { [weak self] error in self?.view?.showError(message: error.userMessage) }
    }

    /// Returns once every load and delete in flight is done (for a terminal app and for tests).
    public func waitUntilIdle() async {
        await work.waitUntilIdle()
    }

    private func show(_ event: PagedListing<Post, LoadFeedPage.Response>.Event) {
        switch event {
        case .loading(let isLoading): view?.showLoading(isLoading)
        case .failed(let error): view?.showError(message: error.userMessage)
        case .changed where posts.isEmpty: view?.showEmpty()
        case .changed: view?.showPosts(posts, hasMore: hasMore)
        }
    }
}

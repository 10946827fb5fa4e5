import Commands
import Models

/// Shows an author's feed: loads the first page when the view will appear, more on demand, and
/// deletes posts.
///
/// Main-actor isolated; holds its view weakly. On `.didDisappear` every load and delete in flight
/// is cancelled and the view hears nothing more until it appears again.
@MainActor
public final class FeedPresenter: Presenter {
    /// Makes the command that loads one page; `UseCases.loadFeedPage(_:)` in the app.
    public typealias MakeLoadFeedPage = (LoadFeedPage.Request) -> any Command<LoadFeedPage.Response>
    /// Makes the command that deletes one post; `UseCases.deletePost(_:)` in the app.
    public typealias MakeDeletePost = (DeletePost.Request) -> any Command<DeletePost.Response>

    /// The view this presenter drives.
    public weak var view: (any FeedView)?
    /// Whose feed is shown.
    public let authorID: User.ID
    /// The posts shown, newest first.
    public private(set) var posts: [Post] = []

    private let pageSize: Int
    private let runner: UseCaseRunner
    private let makeLoadFeedPage: MakeLoadFeedPage
    private let makeDeletePost: MakeDeletePost
    private let work = InFlightWork()
    private var nextCursor: Cursor?
    private var pageLoad: UseCaseHandle<LoadFeedPage.Response>?

    /// Creates a presenter whose use cases come from `makeLoadFeedPage` and `makeDeletePost`.
    public init(
        view: any FeedView,
        authorID: User.ID,
        pageSize: Int = 20,
        runner: UseCaseRunner,
        makeLoadFeedPage: @escaping MakeLoadFeedPage,
        makeDeletePost: @escaping MakeDeletePost
    ) {
        self.view = view
        self.authorID = authorID
        self.pageSize = pageSize
        self.runner = runner
        self.makeLoadFeedPage = makeLoadFeedPage
        self.makeDeletePost = makeDeletePost
    }

    /// Creates a presenter whose use cases come from `useCases`.
    public convenience init(
        view: any FeedView,
        authorID: User.ID,
        pageSize: Int = 20,
        runner: UseCaseRunner,
        useCases: UseCases
    ) {
        self.init(
            view: view,
            authorID: authorID,
            pageSize: pageSize,
            runner: runner,
            makeLoadFeedPage: useCases.loadFeedPage,
            makeDeletePost: useCases.deletePost
        )
    }

    /// Whether another page can be loaded with `loadMore()`.
    public var hasMore: Bool { nextCursor != nil }

    /// Loads the first page on `.willAppear`; cancels everything on `.didDisappear`.
    public func handle(_ event: ViewLifecycleEvent) {
        switch event {
        case .willAppear: refresh()
        case .didDisappear: work.cancelAll()
        case .didLoad, .didAppear: break
        }
    }

    /// Reloads the first page, replacing the posts shown; a page load in flight is cancelled.
    public func refresh() {
        pageLoad?.cancel()
        load(cursor: nil)
    }

    /// Loads the page after the posts shown and appends it; does nothing on the last page or while
    /// a page is loading.
    public func loadMore() {
        guard let nextCursor, pageLoad == nil else { return }
        load(cursor: nextCursor)
    }

    /// Deletes the post with `postID` and removes it from the posts shown.
    public func delete(postID: Post.ID) {
        work.track(runner.run(makeDeletePost(DeletePost.Request(postID: postID))))
            .then { [weak self] response in
                guard let self else { return }
                posts.removeAll { $0.id == response.deletedID }
                showPosts()
            }
            .catch { [weak self] error in self?.view?.showError(message: error.userMessage) }
    }

    /// Returns once every load and delete in flight is done (for a terminal app and for tests).
    public func waitUntilIdle() async {
        await work.waitUntilIdle()
    }

    private func load(cursor: Cursor?) {
        view?.showLoading(true)
        let request = LoadFeedPage.Request(authorID: authorID, pageSize: pageSize, cursor: cursor)
        let handle = work.track(runner.run(makeLoadFeedPage(request)))
        pageLoad = handle
        handle
            .then { [weak self] response in
                guard let self else { return }
                posts = cursor == nil ? response.posts : posts + response.posts
                nextCursor = response.nextCursor
                view?.showLoading(false)
                showPosts()
            }
            .catch { [weak self] error in
                self?.view?.showLoading(false)
                self?.view?.showError(message: error.userMessage)
            }
            .always { [weak self, weak handle] in
                if let self, self.pageLoad === handle { self.pageLoad = nil }
            }
    }

    private func showPosts() {
        if posts.isEmpty {
            view?.showEmpty()
        } else {
            view?.showPosts(posts, hasMore: hasMore)
        }
    }
}

import Commands
import Models

/// Shows a user's saved videos: loads the first page when the view will appear, more on demand.
///
/// Main-actor isolated; holds its view weakly. On `.didDisappear` the load in flight is cancelled
/// and the view hears nothing more until it appears again.
@MainActor
public final class VideoLibraryPresenter: Presenter {
    /// Makes the command that loads one page; `UseCases.loadVideoLibraryPage(_:)` in the app.
    public typealias MakeLoadVideoLibraryPage = (LoadVideoLibraryPage.Request) -> any Command<
        LoadVideoLibraryPage.Response
    >

    /// The view this presenter drives.
    public weak var view: (any VideoLibraryView)?
    /// Whose library is shown.
    public let ownerID: User.ID
    /// The videos shown, newest first.
    public private(set) var videos: [Video] = []

    private let pageSize: Int
    private let runner: UseCaseRunner
    private let makeLoadPage: MakeLoadVideoLibraryPage
    private let work = InFlightWork()
    private var nextCursor: Cursor?
    private var pageLoad: UseCaseHandle<LoadVideoLibraryPage.Response>?

    /// Creates a presenter whose use case comes from `makeLoadPage`.
    public init(
        view: any VideoLibraryView,
        ownerID: User.ID,
        pageSize: Int = 20,
        runner: UseCaseRunner,
        makeLoadPage: @escaping MakeLoadVideoLibraryPage
    ) {
        self.view = view
        self.ownerID = ownerID
        self.pageSize = pageSize
        self.runner = runner
        self.makeLoadPage = makeLoadPage
    }

    /// Creates a presenter whose use case comes from `useCases`.
    public convenience init(
        view: any VideoLibraryView,
        ownerID: User.ID,
        pageSize: Int = 20,
        runner: UseCaseRunner,
        useCases: UseCases
    ) {
        self.init(
            view: view, ownerID: ownerID, pageSize: pageSize, runner: runner,
            makeLoadPage: useCases.loadVideoLibraryPage)
    }

    /// Whether another page can be loaded with `loadMore()`.
    public var hasMore: Bool { nextCursor != nil }

    /// Loads the first page on `.willAppear`; cancels on `.didDisappear`.
    public func handle(_ event: ViewLifecycleEvent) {
        switch event {
        case .willAppear: refresh()
        case .didDisappear: work.cancelAll()
        case .didLoad, .didAppear: break
        }
    }

    /// Reloads the first page, replacing the videos shown; a page load in flight is cancelled, so
    /// a stale page is never appended to the fresh one.
    public func refresh() {
        pageLoad?.cancel()
        load(cursor: nil)
    }

    /// Loads the page after the videos shown; does nothing on the last page or while loading.
    public func loadMore() {
        guard let nextCursor, pageLoad == nil else { return }
        load(cursor: nextCursor)
    }

    /// Returns once the load in flight is done.
    public func waitUntilIdle() async {
        await work.waitUntilIdle()
    }

    private func load(cursor: Cursor?) {
        let request = LoadVideoLibraryPage.Request(ownerID: ownerID, pageSize: pageSize, cursor: cursor)
        let handle = work.track(runner.run(makeLoadPage(request)))
        pageLoad = handle
        handle
            .then { [weak self] response in
                guard let self else { return }
                videos = cursor == nil ? response.videos : videos + response.videos
                nextCursor = response.nextCursor
                if videos.isEmpty { view?.showEmpty() } else { view?.showVideos(videos, hasMore: hasMore) }
            }
            .catch { [weak self] error in self?.view?.showError(message: error.userMessage) }
            .always { [weak self, weak handle] in
                if let self, self.pageLoad === handle { self.pageLoad = nil }
            }
    }
}

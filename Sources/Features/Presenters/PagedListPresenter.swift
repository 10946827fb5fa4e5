import Models

/// A presenter of a listing that pages: `FeedPresenter` and `VideoLibraryPresenter`.
///
/// Lets a view or a terminal drive any listing the same way: appear (the first page), `loadMore()`
/// while `hasMore`, or jump to the page after a cursor a user kept.
@MainActor
public protocol PagedListPresenter: Presenter {
    /// Whether another page can be loaded with `loadMore()`.
    var hasMore: Bool { get }
    /// Where the page after the shown ones starts, or `nil` on the last page.
    var nextCursor: Cursor? { get }
    /// Replaces what is shown with the page after `cursor`; a page load in flight is cancelled.
    func load(after cursor: Cursor)
    /// Appends the next page; does nothing on the last page or while a page is loading.
    func loadMore()
    /// Returns once the work in flight is done.
    func waitUntilIdle() async
}

extension FeedPresenter: PagedListPresenter {}

extension VideoLibraryPresenter: PagedListPresenter {}

import Models
import Services

/// The paging a listing presenter shares: the items shown, where the next page starts, the one
/// page load in flight, and the live updates of the first page while the view is visible.
///
/// A refresh or a jump cancels the page load in flight, so a stale page is never appended to a
/// fresh one; `loadMore()` does nothing on the last page or while a page is loading. A live update
/// replaces the first page (and cancels a first-page load in flight, whose page would be older);
/// when more pages are shown, the items older than the update's last one stay below it.
@MainActor
final class PagedListing<Item: ListingItem> {
    /// What the owning presenter shows in response.
    enum Event {
        /// A page load started (`true`) or ended (`false`).
        case loading(Bool)
        /// `items` or `hasMore` changed.
        case changed
        /// A page load failed.
        case failed(ServiceError)
    }

    /// Starts the use case that loads the page after a cursor (`nil` for the first page).
    typealias LoadPage = @MainActor (Cursor?) -> UseCaseHandle<Page<Item>>

    /// The items shown, in the order the service returns them.
    private(set) var items: [Item] = []
    /// Where the page after the shown ones starts, or `nil` on the last page.
    private(set) var nextCursor: Cursor?
    /// Told about each load and change; set by the owning presenter.
    var onEvent: @MainActor (Event) -> Void = { _ in }

    private let work: InFlightWork
    private let loadPage: LoadPage
    private var pageLoad: UseCaseHandle<Page<Item>>?
    /// Whether `pageLoad` reloads the first page, which a live update makes stale.
    private var pageLoadIsFirstPage = false
    private var hasLoadedMore = false
    /// The cursors the shown pages were loaded after: a service that hands one out again would
    /// make `loadMore()` go round for ever.
    private var cursorsUsed: Set<Cursor> = []
    private var following: Task<Void, Never>?

    /// Creates a listing whose loads `work` tracks (so the presenter cancels them with the rest).
    init(work: InFlightWork, loadPage: @escaping LoadPage) {
        self.work = work
        self.loadPage = loadPage
    }

    isolated deinit {
        following?.cancel()
    }

    /// Whether live updates are being followed.
    var isFollowing: Bool { following != nil }

    /// Shows each page `updates` delivers as the first page, until `stopFollowing()`; a failure is
    /// shown as an error and ends the following, as does the observation ending.
    func follow(_ updates: ServiceObservation<Page<Item>>) {
        following?.cancel()
        following = Task { [weak self] in
            var pages = updates.makeAsyncIterator()
            do throws(ServiceError) {
                while let page = try await pages.next() {
                    guard let self, !Task.isCancelled else { return }
                    showLive(page)
                }
            } catch {
                guard let self, !Task.isCancelled else { return }
                onEvent(.failed(error))
            }
            // Ended by itself (a failure, or the integration stopped): no longer following.
            guard let self, !Task.isCancelled else { return }
            following = nil
        }
    }

    /// Returns when following has ended: stopped, failed, or the observation ended.
    func waitUntilFollowingEnds() async {
        await following?.value
    }

    /// Stops following live updates (the view disappeared); nothing more is shown from them.
    func stopFollowing() {
        following?.cancel()
        following = nil
    }

    /// Whether another page can be loaded with `loadMore()`.
    var hasMore: Bool { nextCursor != nil }

    /// Replaces what is shown with the page after `cursor` (the first page for `nil`).
    func replace(after cursor: Cursor?) {
        pageLoad?.cancel()
        load(cursor: cursor, replacing: true)
    }

    /// Appends the page after the shown items.
    func loadMore() {
        guard let nextCursor, pageLoad == nil else { return }
        load(cursor: nextCursor, replacing: false)
    }

    private func showLive(_ page: Page<Item>) {
        // A first-page load still in flight would put back an older page than this one.
        if let pageLoad, pageLoadIsFirstPage {
            pageLoad.cancel()
            self.pageLoad = nil
            onEvent(.loading(false))
        }
        let shown = (items, nextCursor)
        if hasLoadedMore, let last = page.items.last {
            let live = Set(page.items.map(\.id))
            items = page.items + items.filter { !live.contains($0.id) && Item.isListed(last, before: $0) }
        } else {
            items = page.items
            nextCursor = page.nextCursor
            hasLoadedMore = false
        }
        if items != shown.0 || nextCursor != shown.1 { onEvent(.changed) }
    }

    /// Removes the shown items matching `shouldRemove` (after a delete).
    func removeAll(where shouldRemove: (Item) -> Bool) {
        items.removeAll(where: shouldRemove)
        onEvent(.changed)
    }

    private func load(cursor: Cursor?, replacing: Bool) {
        onEvent(.loading(true))
        let handle = work.track(loadPage(cursor))
        pageLoad = handle
        pageLoadIsFirstPage = replacing && cursor == nil
        handle
            .then { [weak self] page in
                guard let self else { return }
                if replacing {
                    items = page.items
                    cursorsUsed = cursor.map { [$0] } ?? []
                } else {
                    let shown = Set(items.map(\.id))
                    items += page.items.filter { !shown.contains($0.id) }
                    if let cursor { cursorsUsed.insert(cursor) }
                }
                hasLoadedMore = !replacing
                if let next = page.nextCursor, cursorsUsed.contains(next) {
                    // The service is going round: stop paging and say so, keeping what was shown.
                    nextCursor = nil
                    onEvent(.loading(false))
                    onEvent(.changed)
                    onEvent(
                        .failed(
                            .corruptData(
                                location: "the listing's pages",
                                reason:
                                    "the service handed out the cursor \(next.rawValue.prefix(40)) again, so paging "
                                    + "would never end; the pages before it are shown")))
                    return
                }
                nextCursor = page.nextCursor
                onEvent(.loading(false))
                onEvent(.changed)
            }
            .catch { [weak self] error in
                self?.onEvent(.loading(false))
                self?.onEvent(.failed(error))
            }
            .always { [weak self, weak handle] in
                if let self, self.pageLoad === handle { self.pageLoad = nil }
            }
    }
}

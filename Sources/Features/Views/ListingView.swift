import Models

/// What a screen listing items newest first can show (a feed, a video library); implemented by a
/// UIKit controller, a SwiftUI model or a terminal.
///
/// Called by a `ListingPresenter` on the main actor only, and never after the view's
/// `didDisappear` until it appears again.
@MainActor
public protocol ListingView<Item>: AnyObject {
    /// What the screen lists: `Post` for a feed, `Video` for a library.
    associatedtype Item

    /// Shows or hides a loading indicator.
    func showLoading(_ isLoading: Bool)
    /// Shows `items`, newest first, replacing what was shown; `hasMore` says whether
    /// `ListingPresenter.loadMore()` can fetch more.
    func showItems(_ items: [Item], hasMore: Bool)
    /// Shows that the listing is empty.
    func showEmpty()
    /// Shows an error message a user can read.
    func showError(message: String)
}

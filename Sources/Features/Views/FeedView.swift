import Models

/// What a feed screen can show; implemented by a UIKit controller, a SwiftUI model or a terminal.
///
/// Called by `FeedPresenter` on the main actor only, and never after the view's `didDisappear`
/// until it appears again.
@MainActor
public protocol FeedView: AnyObject {
    /// Shows or hides a loading indicator.
    func showLoading(_ isLoading: Bool)
    /// Shows `posts`, newest first, replacing what was shown; `hasMore` says whether
    /// `FeedPresenter.loadMore()` can fetch more.
    func showPosts(_ posts: [Post], hasMore: Bool)
    /// Shows that the author has no posts.
    func showEmpty()
    /// Shows an error message a user can read.
    func showError(message: String)
}

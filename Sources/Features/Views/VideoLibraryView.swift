import Models

/// What a screen listing the user's saved videos can show.
///
/// Called by `VideoLibraryPresenter` on the main actor only, and never after the view's
/// `didDisappear` until it appears again.
@MainActor
public protocol VideoLibraryView: AnyObject {
    /// Shows `videos`, newest first, replacing what was shown; `hasMore` says whether
    /// `VideoLibraryPresenter.loadMore()` can fetch more.
    func showVideos(_ videos: [Video], hasMore: Bool)
    /// Shows that the library is empty.
    func showEmpty()
    /// Shows an error message a user can read.
    func showError(message: String)
}

import Models

/// What a profile header can show about the signed-in user.
///
/// Called by `CurrentUserPresenter` on the main actor only, and never after the view's
/// `didDisappear` until it appears again.
@MainActor
public protocol ProfileView: AnyObject {
    /// Shows the current user.
    func showCurrentUser(_ user: User)
    /// Shows an error message a user can read.
    func showError(message: String)
}

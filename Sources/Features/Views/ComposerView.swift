import Models

/// What a post composer can show.
///
/// Called by `ComposerPresenter` on the main actor only, and never after the view's
/// `didDisappear` until it appears again.
@MainActor
public protocol ComposerView: AnyObject {
    /// Shows that `post` was published.
    func showPublished(_ post: Post)
    /// Shows why the typed text was rejected, e.g. "Invalid text: must not be empty or only whitespace".
    func showValidationError(message: String)
    /// Shows an error that is not about the typed text (unknown author, store unavailable).
    func showError(message: String)
    /// Empties the text field after a successful publish.
    func clear()
}

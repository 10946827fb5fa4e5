// scripts/remove-service deletes this file with the service it is part of: authentication
import Models
import Services

/// What a sign-in screen shows: who is signed in, and what to ask for.
///
/// Called by `SignInPresenter` on the main actor only, and never after the view's `didDisappear`
/// until it appears again.
@MainActor
public protocol SignInView: AnyObject {
    /// Shows the form the service's flow needs: handle and password fields for `.password`, a
    /// handle alone for `.deviceLocal`, the vendor's button for `.provided`.
    func showForm(for flow: SignInFlow)
    /// Shows who is signed in (after loading, signing up or signing in).
    func showSignedIn(_ session: AccountSession)
    /// Shows that nobody is signed in (after loading or signing out).
    func showSignedOut()
    /// Shows that a sign-in, sign-up or sign-out is under way (disable the buttons).
    func showWorking()
    /// Shows an error message a user can read; the form stays as it was.
    func showError(message: String)
}

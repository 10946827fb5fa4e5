// scripts/remove-service deletes this file with the service it is part of: authentication
import Features
import Models
import Services

/// Shows sign-up, sign-in and sign-out in the terminal.
@MainActor
final class TerminalSignInView: SignInView {
    private let terminal: Terminal
    private let outcome: Outcome
    /// When `true`, only errors are printed (while loading, and for commands that only need to
    /// know who is signed in).
    var isQuiet: Bool

    /// - Parameter isQuiet: the initial `isQuiet`.
    init(terminal: Terminal, outcome: Outcome, isQuiet: Bool) {
        self.terminal = terminal
        self.outcome = outcome
        self.isQuiet = isQuiet
    }

    func showForm(for flow: SignInFlow) {}

    func showSignedIn(_ session: AccountSession) {
        guard !isQuiet else { return }
        terminal.print("Signed in as \(bold: session.user.displayName) \(session.user.handle)")
    }

    func showSignedOut() {
        guard !isQuiet else { return }
        terminal.print(signedOutMessage)
    }

    /// What `showSignedOut` prints: "Nobody is signed in." after loading, "Signed out." after
    /// signing out.
    var signedOutMessage: TerminalText = "Nobody is signed in."

    func showWorking() {}

    func showError(message: String) {
        outcome.recordFailure()
        terminal.printError("\(message)")
    }
}

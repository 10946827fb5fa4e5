import Features
import Models

/// Shows the current user in the terminal.
@MainActor
final class TerminalProfileView: ProfileView {
    private let terminal: Terminal
    private let outcome: Outcome
    private let isQuiet: Bool

    /// - Parameter isQuiet: when `true`, the user is not printed (commands that only need the id).
    init(terminal: Terminal, outcome: Outcome, isQuiet: Bool) {
        self.terminal = terminal
        self.outcome = outcome
        self.isQuiet = isQuiet
    }

    func showCurrentUser(_ user: User) {
        guard !isQuiet else { return }
        terminal.print("\(bold: user.displayName) \(user.handle)")
        terminal.print("  id \(user.id)")
    }

    func showError(message: String) {
        outcome.recordFailure()
        terminal.printError("\(message)")
    }
}

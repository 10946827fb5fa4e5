import Features
import Models

/// Reports the outcome of publishing a post in the terminal.
@MainActor
final class TerminalComposerView: ComposerView {
    private let terminal: Terminal
    private let outcome: Outcome

    init(terminal: Terminal, outcome: Outcome) {
        self.terminal = terminal
        self.outcome = outcome
    }

    func showPublished(_ post: Post) {
        terminal.print("Published \(post.id)")
    }

    func showValidationError(message: String) {
        outcome.recordFailure()
        terminal.printError("\(message)")
    }

    func showError(message: String) {
        outcome.recordFailure()
        terminal.printError("\(message)")
    }

    func clear() {}
}

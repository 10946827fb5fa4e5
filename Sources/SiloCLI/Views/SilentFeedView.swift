import Features
import Models

/// A feed view for commands that change the feed without listing it (`silo delete`): it shows
/// nothing but errors.
@MainActor
final class SilentFeedView: ListingView {
    private let outcome: Outcome
    private let terminal: Terminal
    /// Whether an error was shown.
    private(set) var failed = false

    init(outcome: Outcome, terminal: Terminal) {
        self.outcome = outcome
        self.terminal = terminal
    }

    func showLoading(_ isLoading: Bool) {}

    func showItems(_ posts: [Post], hasMore: Bool) {}

    func showEmpty() {}

    func showError(message: String) {
        failed = true
        outcome.recordFailure()
        terminal.printError("\(message)")
    }
}

import Features
import Foundation
import Models

/// Lists posts in the terminal, one per line, newest first.
@MainActor
final class TerminalFeedView: FeedView {
    private let terminal: Terminal
    private let outcome: Outcome
    private var printedIDs: Set<Post.ID> = []

    init(terminal: Terminal, outcome: Outcome) {
        self.terminal = terminal
        self.outcome = outcome
    }

    func showLoading(_ isLoading: Bool) {}

    func showPosts(_ posts: [Post], hasMore: Bool) {
        for post in posts where !printedIDs.contains(post.id) {
            printedIDs.insert(post.id)
            let time = post.createdAt.formatted(date: .abbreviated, time: .shortened)
            let video = post.videoID.map { "  [video \($0)]" } ?? ""
            terminal.print("\(terminal.emphasised(time))  \(post.id)\(video)")
            terminal.print("  " + terminal.fitted(post.text, indent: 2))
        }
        if hasMore {
            terminal.print("… more posts; use --limit to see more")
        }
    }

    func showEmpty() {
        terminal.print("No posts yet. Publish one with: silo post \"Hello\"")
    }

    func showError(message: String) {
        outcome.recordFailure()
        terminal.printError(message)
    }
}

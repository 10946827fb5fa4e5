import Features
import Foundation
import Models

/// Lists posts in the terminal, one per post, newest first; prints each post once, so later pages
/// add only what is new.
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
            terminal.print(post)
        }
    }

    func showEmpty() {
        terminal.print("No posts yet. Publish one with: silo post \"Hello\"")
    }

    func showError(message: String) {
        outcome.recordFailure()
        terminal.printError("\(message)")
    }
}

extension Terminal {
    /// Prints `post` as the feed shows it: its time and id (and video) in bold, then its text,
    /// escaped and wrapped to the terminal's width.
    func print(_ post: Post) {
        let time = post.createdAt.formatted(date: .abbreviated, time: .shortened)
        let video: TerminalText = post.videoID.map { "  [video \($0)]" } ?? ""
        print("\(bold: time)  \(post.id)\(video)")
        print("  \(fitted(post.text, indent: 2))")
    }
}

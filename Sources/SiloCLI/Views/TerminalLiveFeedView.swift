import Features
import Foundation
import Models

/// The feed of `silo feed --follow`: prints the newest posts once, then each post published
/// afterwards and a `Deleted <id>` line for each post deleted, as the presenter's live updates
/// arrive.
///
/// A live update is the newest page, so a post can leave it because newer ones pushed it out; it
/// counts as deleted only when it was newer than the page's last post, or the page is not full.
@MainActor
final class TerminalLiveFeedView: ListingView {
    private let terminal: Terminal
    private let outcome: Outcome
    private var shown: [Post] = []
    private var printedIDs: Set<Post.ID> = []
    private var hasShownPage = false

    init(terminal: Terminal, outcome: Outcome) {
        self.terminal = terminal
        self.outcome = outcome
    }

    func showLoading(_ isLoading: Bool) {}

    func showItems(_ posts: [Post], hasMore: Bool) {
        printDeletions(keeping: posts, pageIsFull: hasMore)
        // Oldest first, so a burst of new posts reads in the order they were published.
        for post in posts.reversed() where !printedIDs.contains(post.id) {
            printedIDs.insert(post.id)
            terminal.print(post)
        }
        shown = posts
        hasShownPage = true
    }

    func showEmpty() {
        printDeletions(keeping: [], pageIsFull: false)
        if !hasShownPage { terminal.print("No posts yet. Waiting for new ones (Ctrl-C to stop).") }
        shown = []
        hasShownPage = true
    }

    func showError(message: String) {
        outcome.recordFailure()
        terminal.printError("\(message)")
    }

    private func printDeletions(keeping posts: [Post], pageIsFull: Bool) {
        let kept = Set(posts.map(\.id))
        let oldestKept = posts.last.map { ($0.createdAt, $0.id.rawValue) }
        for post in shown where !kept.contains(post.id) {
            let pushedOut = pageIsFull && oldestKept.map { (post.createdAt, post.id.rawValue) < $0 } == true
            if !pushedOut { terminal.print("Deleted \(post.id)") }
        }
    }
}

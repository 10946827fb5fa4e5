import Features
import Foundation
import Models
import Services

/// Lists posts in the terminal, one per post, newest first; prints each post once, so later pages
/// add only what is new.
@MainActor
final class TerminalFeedView: ListingView {
    private let terminal: Terminal
    private let outcome: Outcome
    private var printedIDs: Set<Post.ID> = []
    /// What has not reached the server, when the posts come from a synced local copy.
    private let sync: SyncStatus?  // part of: OfflineFirst

    init(
        terminal: Terminal, outcome: Outcome,
        sync: SyncStatus? = nil,  // part of: OfflineFirst
    ) {
        self.terminal = terminal
        self.outcome = outcome
        self.sync = sync  // part of: OfflineFirst
    }

    func showLoading(_ isLoading: Bool) {}

    func showItems(_ posts: [Post], hasMore: Bool) {
        for post in posts where !printedIDs.contains(post.id) {
            printedIDs.insert(post.id)
            terminal.print(post, mark: mark(post.id))
        }
    }

    func showEmpty() {
        terminal.print("No posts yet. Publish one with: silo post \"Hello\"")
    }

    func showError(message: String) {
        outcome.recordFailure()
        terminal.printError("\(message)")
    }

    /// What follows a post's line, if anything.
    private func mark(_ id: Post.ID) -> TerminalText {
        // begin part of: OfflineFirst
        // From a synced local copy: `[refused: why]` for a post the server refused, `[not synced]`
        // for one whose publish waits to be sent.
        if let reason = sync?.failedPosts[id] { return "  [refused: \(reason)]" }
        if sync?.pendingPosts.contains(id) == true { return "  [not synced]" }
        // end part of: OfflineFirst
        return ""
    }
}

extension Terminal {
    /// Prints `post` as the feed shows it: its time and id (and video) in bold, then its text,
    /// escaped and wrapped to the terminal's width.
    func print(_ post: Post, mark: TerminalText = "") {
        let time = post.createdAt.formatted(date: .abbreviated, time: .shortened)
        let video: TerminalText = post.videoID.map { "  [video \($0)]" } ?? ""
        print("\(bold: time)  \(post.id)\(video)\(mark)")
        print("  \(fitted(post.text, indent: 2))")
    }
}

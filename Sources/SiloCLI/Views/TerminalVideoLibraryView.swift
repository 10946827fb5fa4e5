// scripts/remove-service deletes this file with the service it is part of: library
import Features
import Models

/// Lists saved videos in the terminal, one per video, newest first; prints each video once.
@MainActor
final class TerminalVideoLibraryView: ListingView {
    private let terminal: Terminal
    private let outcome: Outcome
    private var printedIDs: Set<Video.ID> = []

    init(terminal: Terminal, outcome: Outcome) {
        self.terminal = terminal
        self.outcome = outcome
    }

    func showLoading(_ isLoading: Bool) {}

    func showItems(_ videos: [Video], hasMore: Bool) {
        for video in videos where !printedIDs.contains(video.id) {
            printedIDs.insert(video.id)
            let status =
                switch video.status {
                case .processing: "processing"
                case .ready: "ready"
                case .failed(let reason): "failed: \(reason)"
                }
            let duration = video.duration.map { " · \($0.formatted(.units(allowed: [.minutes, .seconds])))" } ?? ""
            terminal.print("\(bold: video.title)  \(video.id)")
            terminal.print("  \(terminal.fitted("\(status)\(duration)", indent: 2))")
        }
    }

    func showEmpty() {
        terminal.print("No saved videos yet.")
        terminal.print("Upload one with: silo upload <file> --title \"My video\"")  // part of: hosting
    }

    func showError(message: String) {
        outcome.recordFailure()
        terminal.printError("\(message)")
    }
}

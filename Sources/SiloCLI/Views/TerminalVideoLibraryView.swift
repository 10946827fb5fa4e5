import Features
import Models

/// Lists saved videos in the terminal, one per line, newest first.
@MainActor
final class TerminalVideoLibraryView: VideoLibraryView {
    private let terminal: Terminal
    private let outcome: Outcome

    init(terminal: Terminal, outcome: Outcome) {
        self.terminal = terminal
        self.outcome = outcome
    }

    func showVideos(_ videos: [Video], hasMore: Bool) {
        for video in videos {
            let status =
                switch video.status {
                case .processing: "processing"
                case .ready: "ready"
                case .failed(let reason): "failed: \(reason)"
                }
            let duration = video.duration.map { " · \($0.formatted(.units(allowed: [.minutes, .seconds])))" } ?? ""
            terminal.print("\(terminal.emphasised(video.title))  \(video.id)")
            terminal.print("  " + terminal.fitted("\(status)\(duration)", indent: 2))
        }
        if hasMore {
            terminal.print("… more videos; use --limit to see more")
        }
    }

    func showEmpty() {
        terminal.print("No saved videos yet. Upload one with: silo upload <file> --title \"My video\"")
    }

    func showError(message: String) {
        outcome.recordFailure()
        terminal.printError(message)
    }
}

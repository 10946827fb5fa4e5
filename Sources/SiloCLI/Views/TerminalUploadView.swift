// scripts/remove-service deletes this file with the service it is part of: hosting
import Features
import Models

/// Shows an upload's progress bar, its processing, and the ready video in the terminal.
@MainActor
final class TerminalUploadView: UploadView {
    private let terminal: Terminal
    private let outcome: Outcome
    private var announcedProcessing = false
    /// Whether the upload has ended, ready or failed; an interrupted one has not.
    private(set) var hasEnded = false

    init(terminal: Terminal, outcome: Outcome) {
        self.terminal = terminal
        self.outcome = outcome
    }

    func showProgress(fractionCompleted: Double) {
        terminal.showProgress(fractionCompleted, label: "Uploading")
    }

    func showProcessing(_ video: Video) {
        guard !announcedProcessing else { return }
        announcedProcessing = true
        terminal.print("Processing \(video.id) …")
    }

    func showReady(_ video: Video, post: Post?) {
        hasEnded = true
        terminal.print("Ready: \(video.title)  \(video.status.playbackURL?.absoluteString ?? "")")
        if let post {
            terminal.print("Published \(post.id) with the video attached")
        }
    }

    func showError(message: String) {
        hasEnded = true
        outcome.recordFailure()
        terminal.printError("\(message)")
    }
}

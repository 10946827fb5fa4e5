import CommandLineSupport
import Dispatch
import Foundation

/// Turns SIGINT (Ctrl-C) and SIGTERM into a clean stop: the first one calls `onInterrupt`, so the
/// session cancels what runs and the integrations clean up (an upload in progress is cancelled
/// and its partial file removed); `silo` then exits with 128 + the signal number (130, 143). A
/// second signal exits at once, even while the main actor is busy.
///
/// `install()` is the first thing `silo` does: signals arrive through a `SignalPipe`, whichever
/// thread they land on, and the first is handed to the main actor, so the reaction runs as
/// ordinary main-actor code. No signal is ignored or lost on the way.
@MainActor
final class Interruption {
    /// The signal that arrived first, if any.
    private(set) var signal: Int32?
    /// Called on the main actor when the first signal arrives.
    var onInterrupt: (() -> Void)?

    /// Starts observing SIGINT and SIGTERM. Call it once, first.
    func install() {
        // The process keeps its interruption to the end, so holding it strongly costs nothing.
        let interruption = self
        SignalPipe.install([SIGINT, SIGTERM]) { number, count in
            // A second signal exits at once: the first one's clean-up may be what hangs.
            guard count == 1 else { exit(128 + number) }
            DispatchQueue.main.async {
                MainActor.assumeIsolated { interruption.received(number) }
            }
        }
    }

    private func received(_ number: Int32) {
        signal = number
        onInterrupt?()
    }
}

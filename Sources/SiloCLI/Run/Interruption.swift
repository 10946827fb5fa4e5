import Dispatch
import Foundation

/// Turns SIGINT (Ctrl-C) and SIGTERM into a clean stop: the first one calls `onInterrupt`, so the
/// session cancels what runs and the integrations clean up (an upload in progress is cancelled
/// and its partial file removed); `silo` then exits with 128 + the signal number (130, 143). A
/// second signal exits at once.
///
/// The default actions are ignored and the signals observed with dispatch sources on the main
/// queue, so the handler runs as ordinary main-actor code, not in a signal handler.
@MainActor
final class Interruption {
    /// The signal that arrived first, if any.
    private(set) var signal: Int32?
    /// Called on the main actor when the first signal arrives.
    var onInterrupt: (() -> Void)?
    private var sources: [any DispatchSourceSignal] = []

    /// Starts observing SIGINT and SIGTERM.
    func install() {
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.received(number) }
            }
            source.resume()
            sources.append(source)
        }
    }

    private func received(_ number: Int32) {
        guard signal == nil else { exit(128 + number) }
        signal = number
        onInterrupt?()
    }
}

import Dispatch
import Foundation

/// Turns SIGINT (Ctrl-C) and SIGTERM into a clean stop: the first one calls `onInterrupt`, so the
/// session cancels what runs and the integrations clean up (an upload in progress is cancelled
/// and its partial file removed); `silo` then exits with 128 + the signal number (130, 143). A
/// second signal exits at once, even while the main actor is busy.
///
/// `install()` is the first thing `silo` does. Its handler only writes the signal's number to a
/// pipe (the one thing a signal handler may safely do), whichever thread the signal lands on; a
/// thread of its own reads the pipe and hands the first signal to the main actor, so the reaction
/// runs as ordinary main-actor code. No signal is ignored or lost on the way, however early it
/// comes or however busy the process is.
@MainActor
final class Interruption {
    /// The signal that arrived first, if any.
    private(set) var signal: Int32?
    /// Called on the main actor when the first signal arrives.
    var onInterrupt: (() -> Void)?

    /// Installs the handler for SIGINT and SIGTERM and starts the thread that reads what it
    /// writes. Call it once, first.
    func install() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        interruptionPipe = ends[1]
        let readEnd = ends[0]
        // The process keeps its interruption to the end, so holding it strongly costs nothing.
        let interruption = self
        let reader = Thread {
            var count = 0
            var byte: UInt8 = 0
            while true {
                let got = read(readEnd, &byte, 1)
                if got < 0, errno == EINTR { continue }
                guard got == 1 else { return }
                count += 1
                let number = Int32(byte)
                // A second signal exits at once: the first one's clean-up may be what hangs.
                guard count == 1 else { exit(128 + number) }
                DispatchQueue.main.async {
                    MainActor.assumeIsolated { interruption.received(number) }
                }
            }
        }
        reader.name = "silo signals"
        reader.start()
        for number in [SIGINT, SIGTERM] {
            Foundation.signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(interruptionPipe, &byte, 1)
            }
        }
    }

    private func received(_ number: Int32) {
        signal = number
        onInterrupt?()
    }
}

/// The write end of the pipe `Interruption`'s signal handler writes to. `nonisolated(unsafe)` is
/// safe: it is set once in `install()`, before the handler that reads it is installed, and never
/// changes after.
nonisolated(unsafe) private var interruptionPipe: Int32 = -1

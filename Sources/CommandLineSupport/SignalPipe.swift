import Foundation

/// Turns signals (SIGINT, SIGTERM) into ordinary calls on a thread of its own, so an executable
/// reacts to Ctrl-C with normal code and never misses one.
///
/// The handler only writes the signal's number to a pipe, the one thing a signal handler may
/// safely do, whichever thread the signal lands on; the thread reads the pipe and calls
/// `onSignal`. Nothing is ignored on the way (`SIG_IGN` before a dispatch source registers drops
/// what arrives in between), and no cooperative-pool thread is blocked.
public enum SignalPipe {
    /// Installs the handler for `signals` and starts the thread that calls `onSignal` with each
    /// signal and how many have arrived so far (1 for the first). Call it once per process, as
    /// early as it can react; a signal before it takes its default action.
    public static func install(
        _ signals: [Int32], onSignal: @escaping @Sendable (_ signal: Int32, _ count: Int) -> Void
    ) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        signalPipeWriteEnd = ends[1]
        let readEnd = ends[0]
        let reader = Thread {
            var count = 0
            var byte: UInt8 = 0
            while true {
                let got = read(readEnd, &byte, 1)
                if got < 0, errno == EINTR { continue }
                guard got == 1 else { return }
                count += 1
                onSignal(Int32(byte), count)
            }
        }
        reader.name = "signals"
        reader.start()
        for number in signals {
            signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd, &byte, 1)
            }
        }
    }
}

/// The write end of `SignalPipe`'s pipe: a global, since a C signal handler can capture nothing.
/// `nonisolated(unsafe)` is safe: it is set once in `install`, before the handler that reads it is
/// installed, and never changed after.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

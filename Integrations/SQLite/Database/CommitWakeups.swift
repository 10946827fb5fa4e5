import Foundation

/// When to ask SQLite whether another connection committed (`PRAGMA data_version`).
///
/// Every commit in WAL mode writes to the `-wal` file. On Linux `WALFileWatch` waits for such a
/// write with inotify, so an idle store costs one wake-up per `backstop` instead of one per poll
/// interval, and a busy one at most one look per `interval`. Elsewhere (no inotify, the per-user
/// inotify limit reached, a `-wal` that cannot be watched) it falls back to a look every `interval`.
enum CommitWakeups {
    /// How many looks, `interval` apart, follow the last write seen before the file counts as quiet.
    static let followUps = 3

    /// A stream that yields whenever a look is due; cancelling its consumer stops what feeds it.
    static func make(walPath: String, interval: Duration, backstop: Duration) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        #if os(Linux)
            if let watch = WALFileWatch(path: walPath) {
                continuation.onTermination = { _ in watch.stop() }
                Thread.detachNewThread {
                    watch.run(interval: interval, backstop: backstop, followUps: followUps) { continuation.yield() }
                    continuation.finish()
                }
                return stream
            }
        #endif
        let timer = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                continuation.yield()
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in timer.cancel() }
        return stream
    }
}

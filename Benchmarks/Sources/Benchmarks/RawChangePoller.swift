import Foundation

/// The observation latency baseline: a raw C connection on a thread of its own that looks at
/// `PRAGMA data_version` every `interval` and, when it moves, reads the author's newest post and
/// notes how long ago its writer stamped it.
final class RawChangePoller: Sendable {
    private let path: String
    private let authorID: String
    private let interval: Duration
    private let latencies = Locked<[String: Double]>([:])
    private let isStopping = Locked(false)
    private let done = DispatchSemaphore(value: 0)

    init(path: String, authorID: String, interval: Duration) {
        self.path = path
        self.authorID = authorID
        self.interval = interval
    }

    /// Starts polling on a new thread.
    func start() {
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            guard let database = try? RawSQLiteDatabase(path: path) else { return }
            defer { database.close() }
            var seen = try? database.dataVersion()
            while !isStopping.value {
                Thread.sleep(forTimeInterval: interval.milliseconds / 1_000)
                let version = try? database.dataVersion()
                guard version != seen else { continue }
                seen = version
                let now = monotonicNanoseconds()
                guard let text = try? database.newestText(authorID: authorID),
                    let sent = ObservationBenchmarks.sentTime(text)
                else { continue }
                latencies.update { if $0[text] == nil { $0[text] = Double(now - sent) / 1e6 } }
            }
        }
    }

    /// Stops polling and returns each post's latency in milliseconds.
    func stop() -> [Double] {
        isStopping.set(true)
        done.wait()
        return Array(latencies.value.values)
    }
}

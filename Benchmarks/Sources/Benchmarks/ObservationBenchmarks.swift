import Foundation
import Models
import SQLiteIntegration
import Services

/// Benchmarks of SQLite observation: how soon another process's commit reaches an observer, what
/// observers cost while nothing changes, and what they cost a busy writer. Run in release mode.
enum ObservationBenchmarks {
    /// Runs every observation benchmark in `directory` (which must exist) and returns the rows.
    static func run(in directory: URL) async throws -> [BenchmarkRow] {
        var rows = try await latency(commits: 200, in: directory)
        rows += try await idleCost(in: directory)
        rows.append(try await publishing(count: 2_000, observers: 10, in: directory))
        return rows
    }

    // MARK: Latency

    /// Another process (this executable as `ObservationWriter`) commits `commits` posts, 30–70 ms
    /// apart, each carrying the monotonic time just before its INSERT. The integration's observer
    /// and, as the baseline, a raw C connection polling `PRAGMA data_version` at the integration's
    /// interval note when each post reaches them.
    static func latency(commits: Int, in directory: URL) async throws -> [BenchmarkRow] {
        let file = try await SQLiteBenchmarks.freshDatabase(named: "observation-latency.sqlite", in: directory)
        let configuration = SQLiteIntegration.Configuration(storage: .file(file))
        let integration = SQLiteIntegration(configuration: configuration)
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "bench", displayName: "Bench"))

        let observed = Locked<[String: Double]>([:])
        let observer = Task {
            for try await page in integration.postService.observeFeed(authorID: author.id, pageSize: 1) {
                let now = monotonicNanoseconds()
                guard let sent = page.items.first.flatMap({ sentTime($0.text) }) else { continue }
                observed.update { if $0[String(sent)] == nil { $0[String(sent)] = Double(now - sent) / 1e6 } }
            }
        }
        let poller = RawChangePoller(
            path: file.path, authorID: author.id.rawValue, interval: configuration.changePollInterval)
        poller.start()
        try await ObservationWriter.spawn(path: file.path, authorID: author.id.rawValue, commits: commits)
        try await Task.sleep(for: .milliseconds(500))
        observer.cancel()
        let raw = poller.stop()
        await integration.stop()

        let subject = observed.value.values.sorted()
        let baseline = raw.sorted()
        guard !subject.isEmpty, !baseline.isEmpty else {
            throw SQLiteBenchmarkError("no commit reached an observer (\(subject.count), \(baseline.count))")
        }
        let interval = configuration.changePollInterval.milliseconds
        return [("p50", 0.5), ("p99", 0.99)].map { label, quantile in
            let subjectValue = percentile(subject, quantile)
            let baselineValue = percentile(baseline, quantile)
            return BenchmarkRow(
                benchmark: "Observation latency, commit in another process → observer, \(label) (ms)",
                baseline: formatted(baselineValue),
                subject: formatted(subjectValue),
                ratio: String(format: "%.2fx time", subjectValue / baselineValue),
                notes: label == "p99"
                    ? "target p99 ≤ 100 ms; baseline: a raw connection polling data_version every "
                        + "\(formatted(interval, digits: 0)) ms on a thread, awake whether or not anything changed"
                    : "\(subject.count) of \(commits) commits seen one by one (the rest coalesced), "
                        + "commits 30–70 ms apart"
            )
        }
    }

    // MARK: Idle cost

    /// Process CPU time per second of wall time with no observer, one, and 100 on one store, while
    /// nothing changes.
    static func idleCost(in directory: URL, window: Duration = .seconds(3)) async throws -> [BenchmarkRow] {
        let file = try await SQLiteBenchmarks.freshDatabase(named: "observation-idle.sqlite", in: directory)
        let integration = SQLiteIntegration(configuration: .init(storage: .file(file)))
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "bench", displayName: "Bench"))

        let none = try await cpuMillisecondsPerSecond(over: window)
        var rows: [BenchmarkRow] = []
        for count in [1, 100] {
            let observers = try await attachObservers(count, to: integration, authorID: author.id)
            let busy = try await cpuMillisecondsPerSecond(over: window)
            for observer in observers { observer.cancel() }
            let added = max(0, busy - none)
            rows.append(
                BenchmarkRow(
                    benchmark: "Observation idle CPU, \(count) observer\(count == 1 ? "" : "s") (ms CPU per s)",
                    baseline: formatted(none, digits: 2),
                    subject: formatted(busy, digits: 2),
                    ratio: "+\(formatted(added, digits: 2)) ms/s",
                    notes: "baseline: the same process with no observer; "
                        + "\(formatted(added / Double(count) * 1_000, digits: 1)) µs CPU per observer per s; "
                        + "per store, however many observe: a look per second while idle (inotify on Linux)"
                )
            )
        }
        await integration.stop()
        return rows
    }

    // MARK: Publishing with observers

    /// Publish throughput with no observer against `observers` observers of the author's feed.
    static func publishing(count: Int, observers: Int, in directory: URL, rounds: Int = 3) async throws
        -> BenchmarkRow
    {
        let file = try await SQLiteBenchmarks.freshDatabase(named: "observation-publish.sqlite", in: directory)
        let integration = SQLiteIntegration(configuration: .init(storage: .file(file)))
        try await integration.start()
        let author = try await integration.userService.create(UserDraft(handle: "bench", displayName: "Bench"))

        func publishAll() async throws -> Duration {
            let start = ContinuousClock.now
            for index in 0..<count {
                _ = try await integration.postService.publish(PostDraft(authorID: author.id, text: "post \(index)"))
            }
            return ContinuousClock.now - start
        }
        var alone = Duration.seconds(1_000)
        var observed = Duration.seconds(1_000)
        for round in 0..<rounds * 2 {
            if round % 2 == 0 { alone = min(alone, try await publishAll()) }
            let attached = try await attachObservers(observers, to: integration, authorID: author.id)
            observed = min(observed, try await publishAll())
            for observer in attached { observer.cancel() }
            if round % 2 == 1 { alone = min(alone, try await publishAll()) }
        }
        await integration.stop()

        let baseline = Double(count) / alone.inSeconds
        let subject = Double(count) / observed.inSeconds
        return BenchmarkRow(
            benchmark: "SQLite publish \(count) posts with \(observers) feed observers (posts/s)",
            baseline: formatted(baseline, digits: 0),
            subject: formatted(subject, digits: 0),
            ratio: String(format: "%.2f throughput", subject / baseline),
            notes:
                "target ≥ 0.9×; baseline: the same publishes with no observer; best of \(rounds * 2) each, alternating"
        )
    }

    // MARK: Helpers

    /// Starts `count` observers of `authorID`'s first page and returns once each has its first value.
    private static func attachObservers(_ count: Int, to integration: SQLiteIntegration, authorID: User.ID)
        async throws -> [Task<Void, any Error>]
    {
        let ready = Locked(0)
        let observers = (0..<count).map { _ in
            Task {
                var first = true
                for try await page in integration.postService.observeFeed(authorID: authorID, pageSize: 20) {
                    blackHole(page)
                    if first { ready.update { $0 += 1 } }
                    first = false
                }
            }
        }
        while ready.value < count { try await Task.sleep(for: .milliseconds(5)) }
        return observers
    }

    private static func cpuMillisecondsPerSecond(over window: Duration) async throws -> Double {
        let cpuBefore = processCPUSeconds()
        let start = ContinuousClock.now
        try await Task.sleep(for: window)
        let wall = (ContinuousClock.now - start).inSeconds
        return (processCPUSeconds() - cpuBefore) * 1_000 / wall
    }

    private static func processCPUSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The send time a writer put in a post's text (`"at <nanoseconds>"`).
    static func sentTime(_ text: String) -> UInt64? {
        text.hasPrefix("at ") ? UInt64(text.dropFirst(3)) : nil
    }
}

/// Nanoseconds on the system-wide monotonic clock, comparable between processes on one machine.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

import App
import Foundation
import HTTPBackendIntegration
import Models
import OfflineFirstIntegration
import SQLiteIntegration
import Services

/// The offline-first integration against what it is built from, in one run: its publish with the
/// backend stopped against the SQLite integration's, a replay of 1,000 queued posts against 1,000
/// direct HTTP publishes, another device's publish reaching an observer (long-poll) against one
/// HTTP publish, and the requests an idle device makes against the HTTP integration's change
/// watch over the same window.
enum OfflineFirstBenchmarks {
    typealias Row = HTTPBackendBenchmarks.Row

    static func run(in directory: URL, idleWindow: Duration = .seconds(30)) async throws -> [Row] {
        var rows = [try await offlinePublish(in: directory.appendingPathComponent("offline"))]
        let backend = try BackendServerProcess.start()
        defer { backend.stop() }
        let direct = try await directPublishes(backend)
        rows.append(try await replay(backend, in: directory.appendingPathComponent("replay"), direct: direct))
        rows += try await arrival(
            backend, in: directory.appendingPathComponent("devices"), direct: direct, idleWindow: idleWindow)
        return rows
    }

    // MARK: Rows

    /// 500 publishes, one after another: the SQLite integration, then offline-first with the
    /// backend gone (the device signed up while it ran).
    private static func offlinePublish(in directory: URL) async throws -> Row {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let sqlite = SQLiteIntegration(configuration: .file(named: "plain.sqlite", in: directory))
        try await sqlite.start()
        let plainAuthor = try await sqlite.userService.create(UserDraft(handle: "plain", displayName: "P"))
        let baseline = try await latencies(500) { index in
            _ = try await sqlite.postService.publish(PostDraft(authorID: plainAuthor.id, text: "post \(index)"))
        }
        await sqlite.stop()

        let backend = try BackendServerProcess.start()
        let device = try device(in: directory, backend: backend.url, inBackground: true)
        try await device.start()
        let author = try await signUp(device, "offline")
        backend.stop()
        let subject = try await latencies(500) { index in
            _ = try await device.postService.publish(PostDraft(authorID: author, text: "post \(index)"))
        }
        let pending = await device.syncService.status().pendingCount
        await device.stop()
        guard pending == 500 else { throw BenchmarkFailure("\(pending) of 500 offline posts queued") }
        return Row(
            name: "Offline-first publish, backend stopped (500, p50)",
            baseline: String(format: "SQLite %.3f ms", percentile(baseline, 0.5)),
            subject: String(format: "offline-first %.3f ms", percentile(subject, 0.5)),
            ratio: String(format: "%.2fx time", percentile(subject, 0.5) / percentile(baseline, 0.5)),
            note: String(
                format: "p99 %.3f vs %.3f ms; applied locally and queued in one transaction",
                percentile(subject, 0.99), percentile(baseline, 0.99)))
    }

    /// 1,000 HTTP publishes, one after another, through the HTTP integration: their latencies.
    private static func directPublishes(_ backend: BackendServerProcess) async throws -> [Double] {
        let http = HTTPBackendIntegration(configuration: .init(baseURL: backend.url, retry: .init(maxAttempts: 1)))
        try await http.start()
        let session = try await http.authenticationService.signUp(
            UserDraft(handle: "direct", displayName: "D"), password: try Password("bench password"))
        let samples = try await latencies(1_000) { index in
            _ = try await http.postService.publish(PostDraft(authorID: session.user.id, text: "direct \(index)"))
        }
        await http.stop()
        return samples
    }

    /// 1,000 posts queued with sync off, then one `syncNow()` that sends them all.
    private static func replay(_ backend: BackendServerProcess, in directory: URL, direct: [Double]) async throws
        -> Row
    {
        let device = try device(in: directory, backend: backend.url, inBackground: false)
        try await device.start()
        let author = try await signUp(device, "replayer")
        for index in 0..<1_000 {
            _ = try await device.postService.publish(PostDraft(authorID: author, text: "queued \(index)"))
        }
        let start = ContinuousClock.now
        let report = await device.syncService.syncNow()
        let seconds = (ContinuousClock.now - start).inSeconds
        await device.stop()
        guard report.sent == 1_000, report.isClean else { throw BenchmarkFailure("replay: \(report)") }
        let directRate = 1_000 / (direct.reduce(0, +) / 1_000)
        return Row(
            name: "Offline-first replay of 1,000 queued posts",
            baseline: String(format: "HTTP publish %.0f posts/s", directRate),
            subject: String(format: "replay %.0f posts/s", 1_000 / seconds),
            ratio: String(format: "%.2fx throughput", (1_000 / seconds) / directRate),
            note: "one after another, in order, each with its idempotency key")
    }

    /// Device A publishes; device B (same user, long-polling) sees the post through its feed
    /// observer. Then both sit idle for `idleWindow` beside an HTTP integration watching the feed.
    private static func arrival(
        _ backend: BackendServerProcess, in directory: URL, direct: [Double], idleWindow: Duration
    ) async throws -> [Row] {
        let writer = try device(in: directory.appendingPathComponent("a"), backend: backend.url, inBackground: true)
        let reader = try device(
            in: directory.appendingPathComponent("b"), backend: backend.url, inBackground: true, observesAtOnce: true)
        try await writer.start()
        try await reader.start()
        let author = try await signUp(writer, "traveller")
        _ = try await reader.authenticationService.signIn(
            handle: Handle("traveller"), password: Password("bench password"))
        var pages = reader.postService.observeFeed(authorID: author, pageSize: 1).makeAsyncIterator()
        _ = try await pages.next()
        var samples: [Double] = []
        for index in 0..<50 {
            let start = ContinuousClock.now
            let post = try await writer.postService.publish(PostDraft(authorID: author, text: "arrives \(index)"))
            while true {
                guard let page = try await pages.next() else { throw BenchmarkFailure("the observation ended") }
                if page.items.first?.id == post.id { break }
            }
            samples.append((ContinuousClock.now - start).milliseconds)
        }
        samples.sort()
        let httpPublish = percentile(direct.sorted(), 0.5)

        let watcher = HTTPBackendIntegration(configuration: .init(baseURL: backend.url, retry: .init(maxAttempts: 1)))
        try await watcher.start()
        _ = try await watcher.authenticationService.signIn(
            handle: Handle("traveller"), password: Password("bench password"))
        var watched = watcher.postService.observeFeed(authorID: author, pageSize: 1).makeAsyncIterator()
        _ = try await watched.next()
        try await backend.resetCounts()
        try await Task.sleep(for: idleWindow)
        let longPolls = try await backend.requestCount("GET /v1/users/\(author.rawValue)/posts/changes")
        let watches = try await backend.requestCount("GET /v1/changes")
        await watcher.stop()
        await reader.stop()
        await writer.stop()
        let minutes = idleWindow.inSeconds / 60
        return [
            Row(
                name: "Offline-first: another device's post reaches the observer (50)",
                baseline: String(format: "HTTP publish p50 %.2f ms", httpPublish),
                subject: String(
                    format: "arrival p50 %.1f ms, p99 %.1f ms", percentile(samples, 0.5), percentile(samples, 0.99)),
                ratio: String(format: "%.2fx time", percentile(samples, 0.5) / httpPublish),
                note: "back to back; send by A, long-poll answer to B, applied, observed at once"),
            Row(
                name: "Offline-first idle requests per device per minute",
                baseline: String(format: "HTTP change watch %.1f/min", Double(watches) / minutes),
                subject: String(format: "long-poll %.1f/min", Double(longPolls) / 2 / minutes),
                ratio: String(format: "%.2fx requests", (Double(longPolls) / 2) / max(Double(watches), 1)),
                note: "\(Int(idleWindow.inSeconds)) s idle, two devices and one watcher, same author"),
        ]
    }

    // MARK: Parts

    /// A device as App composes it: SQLite in `directory` and the HTTP integration at `url`. The
    /// reader's observation reads each change at once (`observesAtOnce`): by default SQLite reads
    /// at most every 20 ms while changes come back to back, which is not what arrival measures.
    private static func device(
        in directory: URL, backend url: URL, inBackground: Bool, observesAtOnce: Bool = false
    ) throws -> OfflineFirstIntegration {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var storage = SQLiteIntegration.Configuration.file(named: "offline.sqlite", in: directory)
        if observesAtOnce { storage.observationInterval = .zero }
        return OfflineFirstIntegration(
            store: SQLiteIntegration(configuration: storage),
            backend: HTTPBackendIntegration(configuration: .init(baseURL: url, retry: .init(maxAttempts: 1))),
            configuration: .init(syncsInBackground: inBackground))
    }

    private static func signUp(_ device: OfflineFirstIntegration, _ handle: String) async throws -> User.ID {
        try await device.authenticationService.signUp(
            UserDraft(handle: handle, displayName: handle), password: try Password("bench password")
        ).user.id
    }

    /// The milliseconds each of `count` calls of `body` took, one after another, sorted.
    private static func latencies(_ count: Int, _ body: (Int) async throws -> Void) async throws -> [Double] {
        var samples: [Double] = []
        for index in 0..<count {
            let start = ContinuousClock.now
            try await body(index)
            samples.append((ContinuousClock.now - start).milliseconds)
        }
        return samples.sorted()
    }
}

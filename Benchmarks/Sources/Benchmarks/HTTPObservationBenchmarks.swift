import Foundation
import HTTPBackendIntegration
import Models
import Services

/// How fast an observer sees another client's change through the change feed, and what watching
/// costs while nothing changes.
enum HTTPObservationBenchmarks {
    static func run(_ backend: BackendServerProcess) async throws -> [HTTPBackendBenchmarks.Row] {
        let interval: Duration = .seconds(1)
        let watcher = HTTPBackendIntegration(configuration: .init(baseURL: backend.url, changePollInterval: interval))
        let writer = HTTPBackendIntegration(configuration: .init(baseURL: backend.url))
        try await watcher.start()
        try await writer.start()
        defer {
            Task {
                await watcher.stop()
                await writer.stop()
            }
        }
        let author = try await writer.userService.create(UserDraft(handle: "watched", displayName: "Watched"))
        var iterator = watcher.postService.observeFeed(authorID: author.id, pageSize: 5).makeAsyncIterator()
        _ = try await iterator.next()
        // Let the watch take its first poll, then measure the idle cost over five intervals.
        try await Task.sleep(for: interval * 2)
        try await backend.resetCounts()
        try await Task.sleep(for: interval * 5)
        let idlePolls = try await backend.requestCount("GET /v1/changes")
        var latencies: [Double] = []
        for index in 0..<10 {
            let published = try await writer.postService.publish(
                PostDraft(authorID: author.id, text: "change \(index)"))
            let start = ContinuousClock.now
            while let page = try await iterator.next(), page.items.first?.id != published.id {}
            let elapsed = ContinuousClock.now - start
            latencies.append(elapsed.milliseconds)
            // Publish at a different point of the poll cycle each time.
            try await Task.sleep(for: .milliseconds(137 * (index + 1)))
        }
        latencies.sort()
        let median = latencies[latencies.count / 2]
        return [
            HTTPBackendBenchmarks.Row(
                name: "HTTP observation: another client's publish seen, poll every 1 s",
                baseline: "poll interval 1000 ms",
                subject: String(format: "p50 %.0f ms, max %.0f ms", median, latencies.last!),
                ratio: String(format: "%.2fx interval", median / 1_000), note: "10 publishes at spread moments"),
            HTTPBackendBenchmarks.Row(
                name: "HTTP observation: idle cost while observed", baseline: "5 s idle",
                subject: "\(idlePolls) conditional GETs (304, no body)",
                ratio: String(format: "%.1f/s", Double(idlePolls) / 5),
                note: "one watch per integration, however many observers"),
        ]
    }
}

import Foundation
import HTTPBackendIntegration
import Models

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP integration's client against raw `URLSession.data(for:)` on the same `silo-backend`
/// process, coalescing of identical GETs, and the backend's own throughput under `wrk`.
enum HTTPBackendBenchmarks {
    struct Row {
        var name: String
        var baseline: String
        var subject: String
        var ratio: String
        var note: String
    }

    static func run() async throws -> [Row] {
        let backend = try BackendServerProcess.start()
        defer { backend.stop() }
        let integration = HTTPBackendIntegration(
            configuration: .init(baseURL: backend.url, retry: .init(maxAttempts: 1)))
        try await integration.start()
        defer { Task { await integration.stop() } }
        let author = try await integration.userService.create(UserDraft(handle: "bench", displayName: "Bench"))
        var ids: [Post.ID] = []
        for index in 0..<200 {
            ids.append(
                try await integration.postService.publish(PostDraft(authorID: author.id, text: "post \(index)")).id)
        }
        var rows = [try await throughput(integration, backend: backend, ids: ids)]
        rows.append(try await coalescing(integration, backend: backend, id: ids[0]))
        rows += try wrk(backend, author: author.id)
        rows += try await HTTPObservationBenchmarks.run(backend)
        return rows
    }

    /// 1,000 GETs of distinct posts, 6 at a time, through the client and through raw URLSession.
    private static func throughput(_ integration: HTTPBackendIntegration, backend: BackendServerProcess, ids: [Post.ID])
        async throws -> Row
    {
        let requests = 1_000
        let posts = integration.postService
        let session = URLSession(configuration: .ephemeral)
        let urls = ids.map { backend.url.appendingPathComponent("v1/posts/\($0.rawValue)") }
        var clientRates: [Double] = []
        var rawRates: [Double] = []
        for _ in 0..<3 {
            rawRates.append(
                try await rate(requests) { index in
                    let (_, response) = try await session.data(for: URLRequest(url: urls[index % urls.count]))
                    guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                        throw BenchmarkFailure("raw GET failed")
                    }
                })
            clientRates.append(
                try await rate(requests) { index in _ = try await posts.post(id: ids[index % ids.count]) })
        }
        let client = clientRates.sorted()[1]
        let raw = rawRates.sorted()[1]
        return Row(
            name: "HTTP client: 1,000 GETs, 6 at a time", baseline: "raw URLSession \(formatted(raw, digits: 0)) req/s",
            subject: "client \(formatted(client, digits: 0)) req/s",
            ratio: String(format: "%.2fx throughput", client / raw),
            note: "median of 3; client includes middleware, decoding, mapping")
    }

    /// 100 concurrent identical GETs through the client: how many reach the backend.
    private static func coalescing(_ integration: HTTPBackendIntegration, backend: BackendServerProcess, id: Post.ID)
        async throws -> Row
    {
        try await backend.resetCounts()
        try await backend.delay(path: "/v1/posts/\(id.rawValue)", milliseconds: 200)
        let posts = integration.postService
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<100 { group.addTask { _ = try await posts.post(id: id) } }
            try await group.waitForAll()
        }
        let seen = try await backend.requestCount("GET /v1/posts/\(id.rawValue)")
        return Row(
            name: "HTTP client: 100 concurrent identical GETs", baseline: "100 calls",
            subject: "\(seen) request(s) served",
            ratio: String(format: "%.2fx requests", Double(seen) / 100), note: "the backend answers after 200 ms")
    }

    /// `wrk` at 10 connections on a feed page, against the health route in the same run.
    private static func wrk(_ backend: BackendServerProcess, author: User.ID) throws -> [Row] {
        guard let health = try Wrk.requestsPerSecond(backend.url.appendingPathComponent("v1/health")),
            let feed = try Wrk.requestsPerSecond(
                URL(string: "\(backend.url.absoluteString)/v1/users/\(author.rawValue)/posts?page_size=20")!)
        else {
            return [
                Row(name: "silo-backend under wrk", baseline: "–", subject: "–", ratio: "–", note: "wrk not installed")
            ]
        }
        let memory = backend.peakMemoryMegabytes().map { String(format: "peak RSS %.1f MB", $0) } ?? "peak RSS unknown"
        return [
            Row(
                name: "silo-backend: feed page of 20 under wrk, 10 connections",
                baseline: "health \(formatted(health, digits: 0)) req/s",
                subject: "feed \(formatted(feed, digits: 0)) req/s",
                ratio: String(format: "%.2fx throughput", feed / health), note: "\(memory); 5 s each, 2 threads")
        ]
    }

    /// Requests per second for `count` calls of `body`, 6 at a time.
    private static func rate(_ count: Int, _ body: @escaping @Sendable (Int) async throws -> Void) async throws
        -> Double
    {
        let next = Locked(0)
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    while true {
                        let index = next.withLock { value -> Int in
                            defer { value += 1 }
                            return value
                        }
                        guard index < count else { return }
                        try await body(index)
                    }
                }
            }
            try await group.waitForAll()
        }
        let elapsed = ContinuousClock.now - start
        return Double(count) / elapsed.inSeconds
    }
}

/// A benchmark could not measure what it meant to.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

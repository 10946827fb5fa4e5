import Dispatch
import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `silo-backend` process on an ephemeral loopback port, with test controls on: in-memory store,
/// injectable faults, and a count of the requests it saw. Stopped when released.
///
/// At most `running` of them live at once. Every contract check starts its own backend, and
/// without the bound the suite ran about 140 at once on two cores, holding 1,517 descriptors in
/// the test process (its pipes and connections to them): past the 256 or 1,024 open files a
/// shell allows by default on many machines (`ulimit -n`). With it, 16 run and the peak is about
/// 500.
final class BackendProcess: Sendable {
    let url: URL
    private let child: RunningChild
    private let slot: Slot
    /// The places for backends that run at once.
    private static let running = Slots(16)
    /// The session for the test controls: a long-poll (`GET /_test/held`) answers when its event
    /// happens, so no request timeout of the session's own may end it first.
    private static let controls: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 3_600
        return URLSession(configuration: configuration)
    }()

    private init(url: URL, child: RunningChild, slot: Slot) {
        self.url = url
        self.child = child
        self.slot = slot
    }

    /// Starts a backend (in-memory store unless `arguments` say otherwise) and waits until it listens.
    static func start(arguments: [String] = []) async throws -> BackendProcess {
        let slot = try await HangGuard.run("a free place among the \(running.count) backends that run at once") {
            await running.take()
        }
        let backend = try await BackendChild.start(
            arguments: ["--store", "memory", "--test-controls", "--password-iterations", "1000"] + arguments)
        return BackendProcess(url: backend.url, child: backend.process, slot: slot)
    }

    /// Starts a backend as `start(arguments:)` does, runs `body` with it, then kills it and waits
    /// for it to end, also when `body` throws.
    static func with<Value>(arguments: [String] = [], _ body: (BackendProcess) async throws -> Value)
        async throws -> Value
    {
        let backend = try await start(arguments: arguments)
        return try await withCleanup {
            try await body(backend)
        } cleanup: {
            try? await backend.kill()
        }
    }

    /// The port it listens on.
    var port: Int { url.port ?? 0 }

    /// Injects a fault (the JSON of a fault rule: Docs/HTTPBackendAPI.md, "Test controls").
    func inject(_ rule: [String: any Sendable]) async throws {
        let body = try JSONSerialization.data(withJSONObject: rule)
        try await control("POST", "/_test/faults", body: body)
    }

    /// How many requests the backend saw for `"METHOD /path"`.
    func requests(_ key: String) async throws -> Int {
        let data = try await control("GET", "/_test/requests")
        let counts = try JSONDecoder().decode([String: Int].self, from: data)
        return counts[key] ?? 0
    }

    /// Every request count, by `"METHOD /path"`.
    func allRequests() async throws -> [String: Int] {
        try JSONDecoder().decode([String: Int].self, from: try await control("GET", "/_test/requests"))
    }

    /// Makes every access token the backend issued expired (refresh tokens stay valid).
    func expireAccessTokens() async throws {
        try await control("POST", "/_test/expire-tokens")
    }

    /// Forgets the counts.
    func resetCounts() async throws {
        try await control("DELETE", "/_test/requests")
    }

    /// Returns once at least `count` requests are held by a `hold` fault (the backend answers
    /// this control when they are: an event, not a poll).
    func waitForHeldRequests(_ count: Int) async throws {
        try await control("GET", "/_test/held?count=\(count)", awaiting: "\(count) held request(s) at the backend")
    }

    /// Returns once at least `count` change-feed reads are waiting for a change (the backend answers
    /// this control when they are).
    func waitForLongPolls(_ count: Int) async throws {
        try await control(
            "GET", "/_test/long-polls?count=\(count)", awaiting: "\(count) long-poll(s) waiting at the backend")
    }

    /// Returns once fewer than `bound` change-feed reads are waiting for a change.
    func waitForLongPolls(fewerThan bound: Int) async throws {
        try await control(
            "GET", "/_test/long-polls?fewer_than=\(bound)",
            awaiting: "fewer than \(bound) long-poll(s) waiting at the backend")
    }

    /// Removes every injected fault.
    func clearFaults() async throws {
        try await control("DELETE", "/_test/faults")
    }

    /// Answers every held request.
    func releaseHeldRequests() async throws {
        try await control("POST", "/_test/release")
    }

    /// Moves the backend's clock (started with `--manual-clock`) by `duration`: its idle and
    /// request timeouts fire as if that much time had passed.
    func advanceClock(by duration: Duration) async throws {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        let body = try JSONSerialization.data(withJSONObject: ["advance_ms": milliseconds])
        try await control("POST", "/_test/clock", body: body, closing: true)
    }

    /// One connection as the backend's event loop last showed it.
    struct Connection: Decodable {
        let port: Int
        let phase: String
        let received: Int
    }

    /// Returns once the backend shows its connection from `port` and `condition` holds for it:
    /// the way to know the server has read what a raw connection sent before moving its clock.
    func waitForConnection(fromPort port: Int, where condition: @escaping @Sendable (Connection) -> Bool)
        async throws
    {
        try await waitForConnections("the backend's connection from port \(port) in the awaited state") {
            $0.contains { $0.port == port && condition($0) }
        }
    }

    /// Returns once the backend no longer shows a connection from `port`: it has closed it.
    func waitForNoConnection(fromPort port: Int) async throws {
        try await waitForConnections("the backend closing its connection from port \(port)") {
            !$0.contains { $0.port == port }
        }
    }

    /// Returns once `condition` holds for the connections the backend shows.
    private func waitForConnections(
        _ description: String, until condition: @escaping @Sendable ([Connection]) -> Bool
    ) async throws {
        struct Listing: Decodable { let connections: [Connection] }
        try await HangGuard.run(description) { [self] in
            while true {
                let data = try await control("GET", "/_test/connections", closing: true)
                if condition(try JSONDecoder().decode(Listing.self, from: data).connections) { return }
                // The loop publishes after each turn; ask again once it has had one.
                await Task.yield()
            }
        }
    }

    /// Stops the process now (SIGKILL) and waits for it.
    func kill() async throws {
        try await child.kill()
        slot.release()
    }

    /// Makes the backend crash at its next durable write (a store commit or a write of its state
    /// journal), or after `passing` more: the process kills itself there, before that write is
    /// made. Needs `--store sqlite`.
    func armCrash(passing: Int = 0) async throws {
        try await control("POST", "/_test/crash", body: Data(#"{"passing": \#(passing)}"#.utf8))
    }

    /// Whether the backend is gone: nothing listens on its port any more. A process that killed
    /// itself has closed its listener before any client saw its connection close.
    func isGone() async -> Bool {
        var request = URLRequest(url: URL(string: url.absoluteString + "/v1/health")!)
        request.httpMethod = "GET"
        do {
            _ = try await Self.send(request)
            return false
        } catch {
            return true
        }
    }

    /// Sends a test control, under `HangGuard` (its session's own timeout is an hour, for the
    /// long-polls): a control the backend never answers fails naming `awaiting`, or the control.
    /// With `closing`, its connection closes after the answer: the controls tests make beside raw
    /// connections (moving the clock, reading the connection table) never leave one of their own
    /// holding a place the test counts on, which the session could drop at any time.
    @discardableResult
    private func control(
        _ method: String, _ path: String, body: Data? = nil, closing: Bool = false, awaiting: String? = nil
    ) async throws -> Data {
        var request = URLRequest(url: URL(string: url.absoluteString + path)!)
        request.httpMethod = method
        if closing { request.setValue("close", forHTTPHeaderField: "Connection") }
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await HangGuard.run(awaiting ?? "the backend's answer to \(method) \(path)") {
            [request] in try await Self.send(request)
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode, status < 300 else {
            throw BackendProcessFailure(
                description: "test control \(method) \(path) failed: \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }
}

extension BackendProcess {
    /// Sends `request` on the controls' session. Cancelling the waiting task cancels the request
    /// from another queue: FoundationNetworking's own async `data(for:)` can deadlock when
    /// cancelled (Docs/ToolchainNotes.md), and a test that gives up on a long-poll cancels it.
    static func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        let task = Locked<URLSessionDataTask?>(nil)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let dataTask = controls.dataTask(with: request) { data, response, error in
                    if let data, let response {
                        continuation.resume(returning: (data, response))
                    } else {
                        continuation.resume(throwing: error ?? URLError(.badServerResponse))
                    }
                }
                task.withLock { $0 = dataTask }
                dataTask.resume()
            }
        } onCancel: {
            DispatchQueue.global().async { task.current?.cancel() }
        }
    }
}

/// The backend did not start, or a test control failed.
struct BackendProcessFailure: Error, CustomStringConvertible {
    let description: String
}

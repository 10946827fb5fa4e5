import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `silo-backend` process on an ephemeral loopback port, with test controls on: in-memory store,
/// injectable faults, and a count of the requests it saw. Stopped when released.
final class BackendProcess: Sendable {
    let url: URL
    private let child: RunningChild
    private static let controls = URLSession(configuration: .ephemeral)

    private init(url: URL, child: RunningChild) {
        self.url = url
        self.child = child
    }

    /// Starts a backend and waits until it listens.
    static func start(arguments: [String] = []) async throws -> BackendProcess {
        let child = try RunningChild(
            try ChildProcess.executable(named: "silo-backend"),
            arguments: ["--port", "0", "--store", "memory", "--test-controls"] + arguments)
        let line = try await child.waitForLine(timeout: .seconds(30)) { $0.contains("listening on") }
        guard let text = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }),
            let url = URL(string: String(text))
        else { throw BackendProcessFailure(description: "silo-backend printed no URL: \(line)") }
        return BackendProcess(url: url, child: child)
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

    /// Stops the process now (SIGKILL) and waits for it.
    func kill() async throws {
        try await child.kill()
    }

    @discardableResult
    private func control(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: url.appendingPathComponent(String(path.dropFirst())))
        request.httpMethod = method
        if let body {
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await Self.controls.data(for: request)
        guard let status = (response as? HTTPURLResponse)?.statusCode, status < 300 else {
            throw BackendProcessFailure(
                description: "test control \(method) \(path) failed: \(String(decoding: data, as: UTF8.self))")
        }
        return data
    }
}

/// The backend did not start, or a test control failed.
struct BackendProcessFailure: Error, CustomStringConvertible {
    let description: String
}

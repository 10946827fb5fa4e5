import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The release `silo-backend` beside this executable, on a free loopback port, in-memory, with
/// test controls (request counts, an injected delay). It reads its input from a pipe only this
/// process writes to, with `--exit-when-input-closes`: it ends with the benchmarks, even when they
/// are interrupted before `stop()`.
final class BackendServerProcess: Sendable {
    let url: URL
    /// Holds the input pipe (`standardInput`), so its writing end stays open while the benchmarks
    /// run; the kernel closes it when they end.
    private let process: Process

    private init(url: URL, process: Process) {
        self.url = url
        self.process = process
    }

    static func start() throws -> BackendServerProcess {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let process = Process()
        process.executableURL = directory.appendingPathComponent("silo-backend")
        process.arguments = ["--port", "0", "--store", "memory", "--test-controls", "--exit-when-input-closes"]
        let output = Pipe()
        process.standardInput = Pipe()
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchmarkFailure("silo-backend exited before listening") }
            line += chunk
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let address = text.split(separator: " ").first(where: { $0.hasPrefix("http://") }),
            let url = URL(string: address.trimmingCharacters(in: .whitespacesAndNewlines))
        else { throw BenchmarkFailure("silo-backend printed no address: \(text)") }
        return BackendServerProcess(url: url, process: process)
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// The process's peak resident memory (`VmHWM`), on Linux.
    func peakMemoryMegabytes() -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return nil }
        return kilobytes / 1_024
    }

    func resetCounts() async throws {
        try await control("DELETE", "_test/requests")
    }

    func requestCount(_ key: String) async throws -> Int {
        let counts = try JSONDecoder().decode([String: Int].self, from: try await control("GET", "_test/requests"))
        return counts[key] ?? 0
    }

    func delay(path: String, milliseconds: Int) async throws {
        let rule: [String: any Sendable] = ["method": "GET", "path": path, "delay_ms": milliseconds]
        try await control("POST", "_test/faults", body: try JSONSerialization.data(withJSONObject: rule))
    }

    /// Sends `body` as JSON to `method path` and returns the answer's status.
    func send(_ method: String, _ path: String, _ body: [String: String]) async throws -> Int {
        var request = URLRequest(url: url.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (_, response) = try await URLSession(configuration: .ephemeral).data(for: request)
        return (response as? HTTPURLResponse)?.statusCode ?? 0
    }

    @discardableResult
    private func control(_ method: String, _ path: String, body: Data? = nil) async throws -> Data {
        var request = URLRequest(url: url.appendingPathComponent(path))
        request.httpMethod = method
        request.httpBody = body
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        return try await URLSession(configuration: .ephemeral).data(for: request).0
    }
}

// scripts/remove-integration deletes this file with the integration it is part of: HTTPBackend
import Foundation

/// A `silo-backend` a test started, on a free loopback port.
///
/// It runs with `--exit-when-input-closes`, and only this test process holds the other end of its
/// input, so the server ends with this process however this one ends: a crash, or an exit before
/// the task that would have stopped it ran (an exiting process runs no `deinit`, so
/// `RunningChild`'s SIGKILL never comes then).
public struct BackendChild: Sendable {
    /// The running server.
    public let process: RunningChild
    /// Where it listens, `http://127.0.0.1:<port>`.
    public let url: URL

    /// Starts `silo-backend` with `arguments` (`--store`, `--test-controls`, ...) and waits until it
    /// prints the address it listens on.
    ///
    /// - Throws: `RunningChild.Failure` when it exits first or prints no address.
    public static func start(arguments: [String]) async throws -> BackendChild {
        let process = try RunningChild(
            try ChildProcess.executable(named: "silo-backend"),
            arguments: ["--port", "0", "--exit-when-input-closes"] + arguments)
        let line = try await process.waitForLine { $0.contains("listening on") }
        guard let text = line.split(separator: " ").first(where: { $0.hasPrefix("http://") }),
            let url = URL(string: String(text))
        else { throw RunningChild.Failure(description: "silo-backend printed no address: \(line)") }
        return BackendChild(process: process, url: url)
    }

    /// Calls the test control `method` `path` of this backend (started with `--test-controls`),
    /// with `body` as JSON, through `curl` as the API document shows the controls; returns the
    /// answer's body once it came (a wait such as `GET /_test/held?count=1` answers when its
    /// event has happened: run it in `HangGuard`, which names one that never does).
    ///
    /// - Throws: `ControlFailure` when the control failed.
    @discardableResult
    public func control(_ method: String, _ path: String, body: String? = nil) async throws -> String {
        try await Self.control(method, path, body: body, at: url.absoluteString)
    }

    /// Calls the test control `method` `path` of the backend at `url`: see `control(_:_:body:)`.
    @discardableResult
    public static func control(_ method: String, _ path: String, body: String? = nil, at url: String) async throws
        -> String
    {
        var arguments = ["--silent", "--show-error", "--fail", "-X", method, url + path]
        if let body { arguments += ["-H", "Content-Type: application/json", "--data", body] }
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/curl"), arguments: arguments, in: FileManager.default.temporaryDirectory)
        guard outcome.status == 0 else {
            throw ControlFailure(description: "\(method) \(path) failed: \(outcome.standardError)")
        }
        return outcome.standardOutput
    }

    /// A test control that did not answer as expected.
    public struct ControlFailure: Error, CustomStringConvertible {
        /// The control, and what `curl` said.
        public let description: String

        /// A failure saying `description`.
        public init(description: String) {
            self.description = description
        }
    }
}

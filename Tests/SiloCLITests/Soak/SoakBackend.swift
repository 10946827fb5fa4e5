// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import TestSupport

/// A `silo-backend` with test controls and a SQLite store in a directory of its own, so it can be
/// killed and started again holding what it held (sessions, posts, idempotency keys). Its controls
/// are reached with `curl`, as the API document shows them.
final class SoakBackend {
    private let directory: TemporaryDirectory
    private var child: RunningChild
    /// Where it listens now (a new port after every restart).
    private(set) var url: String

    init() async throws {
        directory = try TemporaryDirectory(prefix: "soak-backend")
        (child, url) = try await Self.start(in: directory.url)
    }

    deinit {
        child.terminate()
    }

    /// Kills it (SIGKILL: no clean shutdown) and starts it again on the same store.
    func restart() async throws {
        try await child.kill()
        (child, url) = try await Self.start(in: directory.url)
    }

    /// `POST /_test/faults` with `rule`, a fault rule's JSON (Docs/HTTPBackendAPI.md).
    func inject(_ rule: String) async throws {
        try await control("POST", "/_test/faults", body: rule)
    }

    /// Removes every injected fault.
    func clearFaults() async throws {
        try await control("DELETE", "/_test/faults")
    }

    /// Returns once `count` requests are held by a `hold` fault (the backend answers then); a
    /// request that never comes fails the test at `HangGuard`'s limit instead of hanging it.
    func waitForHeldRequests(_ count: Int) async throws {
        try await waitFor("\(count) held request(s)", at: "/_test/held?count=\(count)")
    }

    /// Returns once `count` reads of the change feed are waiting for a change: a client's reader
    /// applied what it read before and is long-polling for more.
    func waitForLongPolls(_ count: Int) async throws {
        try await waitFor("\(count) waiting read(s) of the change feed", at: "/_test/long-polls?count=\(count)")
    }

    private func waitFor(_ what: String, at path: String) async throws {
        let (url, directory) = (url, directory.url)
        try await HangGuard.run("\(what) at the soak's backend") {
            try await Self.control("GET", path, at: url, in: directory)
        }
    }

    /// Answers every held request.
    func releaseHeldRequests() async throws {
        try await control("POST", "/_test/release")
    }

    private func control(_ method: String, _ path: String, body: String? = nil) async throws {
        try await Self.control(method, path, body: body, at: url, in: directory.url)
    }

    private static func control(
        _ method: String, _ path: String, body: String? = nil, at url: String, in directory: URL
    )
        async throws
    {
        var arguments = ["--silent", "--show-error", "--fail", "-X", method, url + path]
        if let body { arguments += ["-H", "Content-Type: application/json", "--data", body] }
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/curl"), arguments: arguments, in: directory)
        guard outcome.status == 0 else {
            throw BackendControlFailure(description: "\(method) \(path) failed: \(outcome.standardError)")
        }
    }

    private static func start(in directory: URL) async throws -> (RunningChild, String) {
        let backend = try await BackendChild.start(arguments: [
            "--store", "sqlite", "--data-dir", directory.path, "--test-controls", "--password-iterations", "1000",
        ])
        return (backend.process, backend.url.absoluteString)
    }
}

/// A test control that did not answer as expected.
struct BackendControlFailure: Error, CustomStringConvertible {
    let description: String
}

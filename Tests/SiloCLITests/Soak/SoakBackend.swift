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
        try await HangGuard.run("\(what) at the soak's backend") { [url] in
            _ = try await BackendChild.control("GET", path, at: url)
        }
    }

    /// Answers every held request.
    func releaseHeldRequests() async throws {
        try await control("POST", "/_test/release")
    }

    private func control(_ method: String, _ path: String, body: String? = nil) async throws {
        try await BackendChild.control(method, path, body: body, at: url)
    }

    private static func start(in directory: URL) async throws -> (RunningChild, String) {
        let backend = try await BackendChild.start(arguments: [
            "--store", "sqlite", "--data-dir", directory.path, "--test-controls", "--password-iterations", "1000",
        ])
        return (backend.process, backend.url.absoluteString)
    }
}

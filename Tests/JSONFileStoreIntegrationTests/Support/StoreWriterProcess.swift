import Foundation
import TestSupport

/// A running `JSONStoreWriterFixture` child process and the post ids it has printed so far.
///
/// Every wait is bounded by a deadline; releasing it SIGKILLs the child if it is still running.
final class StoreWriterProcess {
    private let child: RunningChild

    /// Launches the writer on the store in `directory` as user `handle`, publishing `count` posts
    /// (0 = until killed).
    init(directory: URL, handle: String, count: Int) throws {
        child = try RunningChild(
            try ChildProcess.executable(named: "JSONStoreWriterFixture"),
            arguments: [directory.path, handle, String(count)])
    }

    /// The post ids printed so far, each one acknowledged (durable) before it was printed.
    var printedIDs: [String] { child.outputLines }

    /// What the child wrote to standard error.
    var errorOutput: String { child.errorOutput }

    /// Waits until at least `count` ids have been printed.
    func waitForIDs(_ count: Int, timeout: Duration = .seconds(60)) async throws {
        try await child.waitForLines(count, timeout: timeout)
    }

    /// SIGKILLs the child at once, then waits until its output is closed and it is reaped.
    func kill() async throws {
        try await child.kill()
    }

    /// Waits until the child has exited; returns its status.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(120)) async throws -> Int32 {
        try await child.waitForExit(timeout: timeout)
    }

    /// Kills the child if it still runs and reaps it.
    func terminate() {
        child.terminate()
    }
}

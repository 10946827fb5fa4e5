import Foundation
import TestSupport

/// A running `SQLiteWriterFixture` child process and the post ids it has printed so far.
///
/// Every wait is for an event (see `RunningChild`); releasing it SIGKILLs the child if it is still running.
final class WriterProcess {
    private let child: RunningChild

    /// Launches the writer on the database at `path` as user `handle`, publishing `count` posts
    /// (0 = until killed).
    init(databasePath path: String, handle: String, count: Int) throws {
        child = try RunningChild(
            try ChildProcess.executable(named: "SQLiteWriterFixture"), arguments: [path, handle, String(count)])
    }

    /// The post ids printed so far.
    var printedIDs: [String] { child.outputLines }

    /// What the child wrote to standard error.
    var errorOutput: String { child.errorOutput }

    /// Waits until at least `count` ids have been printed.
    func waitForIDs(_ count: Int) async throws {
        try await child.waitForLines(count)
    }

    /// SIGKILLs the child at once, then waits until its output is closed and it is reaped.
    func kill() async throws {
        try await child.kill()
    }

    /// Waits until the child has exited and its output has been read to the end; returns its status.
    @discardableResult
    func waitForExit() async throws -> Int32 {
        try await child.waitForExit()
    }

    /// Kills the child if it still runs.
    func terminate() {
        child.terminate()
    }
}

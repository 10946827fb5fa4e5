import Foundation

/// A running `SQLiteWriterFixture` child process and the post ids it has printed so far.
///
/// Every wait is bounded by a deadline; `terminate()` (call it in `defer`) SIGKILLs the child if
/// it is still running and reaps it.
final class WriterProcess {
    /// Failures of the harness itself, reported as thrown errors so the test names them.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let process = Process()
    private let output = LineCollector()
    private let errors = LineCollector()

    /// Launches the writer on the database at `path` as user `handle`, publishing `count` posts
    /// (0 = until killed).
    init(databasePath path: String, handle: String, count: Int) throws {
        process.executableURL = try Self.executableURL()
        process.arguments = [path, handle, String(count)]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        output.startReading(stdout.fileHandleForReading)
        errors.startReading(stderr.fileHandleForReading)
    }

    deinit {
        terminate()
    }

    /// The complete lines printed so far.
    var printedIDs: [String] { output.lines }

    /// What the child wrote to standard error.
    var errorOutput: String { errors.lines.joined(separator: "\n") }

    /// Waits until at least `count` ids have been printed.
    func waitForIDs(_ count: Int, timeout: Duration = .seconds(60)) throws {
        guard output.wait(forLines: count, timeout: timeout) else {
            throw Failure(
                description: "writer printed \(output.lines.count) of \(count) ids within \(timeout); "
                    + "stderr: \(errorOutput)"
            )
        }
    }

    /// SIGKILLs the child at once, then waits until its output is closed and it is reaped.
    func kill() throws {
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        try waitForExit(timeout: .seconds(30))
    }

    /// Waits until the child has exited and its output has been read to the end; returns its status.
    @discardableResult
    func waitForExit(timeout: Duration = .seconds(120)) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        guard output.waitForEnd(until: deadline), errors.waitForEnd(until: deadline) else {
            throw Failure(description: "writer did not exit within \(timeout)")
        }
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "writer closed its output but was not reaped within \(timeout)")
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return process.terminationStatus
    }

    /// Kills the child if it still runs and reaps it; never throws (for `defer` and `deinit`).
    func terminate() {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            _ = try? waitForExit(timeout: .seconds(10))
        }
    }

    /// The fixture binary, built by `swift test` into the directory of the running test binary
    /// (`.build/<triple>/debug` on Linux; beside the `.xctest` bundle on Apple platforms).
    static func executableURL() throws -> URL {
        var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent("SQLiteWriterFixture")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(
            description: "SQLiteWriterFixture not found next to the test binary in \(directories.map(\.path))"
        )
    }
}

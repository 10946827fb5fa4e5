import Foundation

/// A child process a test drives while it runs: reads its output line by line, writes to its
/// input, signals it, and waits for it, every wait bounded by a timeout.
///
/// Release it (or call `terminate()` in a `defer`) to SIGKILL and reap a child still running, so
/// a failing test never leaves one behind.
///
/// `@unchecked Sendable` is safe: `process` and the pipes are set up in `init` and afterwards only
/// used through Foundation calls that are safe from any thread; the collectors lock their state.
public final class RunningChild: @unchecked Sendable {
    /// A child that misbehaved: did not print, did not exit, or could not start.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with what the child had written to standard error.
        public let description: String
    }

    private let process = Process()
    private let input = Pipe()
    private let output = LineCollector()
    private let errors = LineCollector()
    private let name: String

    /// Starts `executable` with `arguments` in `directory`, with `environment` on top of this
    /// process's environment.
    public init(
        _ executable: URL,
        arguments: [String] = [],
        environment: [String: String] = [:],
        in directory: URL? = nil
    ) throws {
        name = executable.lastPathComponent
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = input
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        output.startReading(stdout.fileHandleForReading)
        errors.startReading(stderr.fileHandleForReading)
    }

    deinit {
        terminate()
    }

    /// The child's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// The complete lines printed to standard output so far.
    public var outputLines: [String] { output.lines }

    /// What the child wrote to standard error so far.
    public var errorOutput: String { errors.lines.joined(separator: "\n") }

    /// Waits until at least `count` lines have been printed.
    public func waitForLines(_ count: Int, timeout: Duration = .seconds(60)) async throws {
        try await waitForLine(timeout: timeout) { _ in output.lines.count >= count }
    }

    /// Waits until a printed line satisfies `predicate` and returns it.
    ///
    /// Polls every few milliseconds with `Task.sleep`, so waiting never blocks a thread of the
    /// cooperative pool (a machine with two cores has two).
    @discardableResult
    public func waitForLine(
        timeout: Duration = .seconds(60),
        where predicate: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var seen = 0
        while true {
            let lines = output.lines
            if let line = lines.dropFirst(seen).first(where: predicate) { return line }
            seen = lines.count
            if output.hasEnded || ContinuousClock.now >= deadline {
                throw Failure(
                    description: "\(name) printed no matching line within \(timeout); output: \(lines.suffix(5)); "
                        + "stderr: \(errorOutput)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Writes `line` and a newline to the child's standard input.
    public func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Sends `signal` (e.g. `SIGINT`) to the child.
    public func signal(_ signal: Int32) {
        if process.isRunning { Foundation.kill(process.processIdentifier, signal) }
    }

    /// Waits until the child has exited and its output has been read to the end, polling so that
    /// no thread of the cooperative pool is blocked.
    ///
    /// - Returns: the exit status, or the number of the signal that ended it.
    @discardableResult
    public func waitForExit(timeout: Duration = .seconds(120)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning || !output.hasEnded || !errors.hasEnded {
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "\(name) did not exit within \(timeout); stderr: \(errorOutput)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return process.terminationStatus
    }

    /// SIGKILLs the child at once, then waits until it is reaped.
    public func kill() async throws {
        signal(SIGKILL)
        try await waitForExit(timeout: .seconds(30))
    }

    /// Kills the child if it still runs and reaps it, blocking briefly; never throws (for `defer`
    /// and `deinit`).
    public func terminate() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

import Foundation

/// A child process a test drives while it runs: reads its output line by line, writes to its
/// input, signals it, and waits for it.
///
/// Every wait is for an event (a line printed, the process ended and its output read to the end),
/// never a poll or a deadline; `HangGuard` turns a child that never does what is awaited into a
/// failure naming it. Release it (or call `terminate()` in a `defer`) to SIGKILL and reap a child
/// still running, so a failing test never leaves one behind.
///
/// `@unchecked Sendable` is safe: `process` and the pipes are set up in `init` and afterwards only
/// used through Foundation calls that are safe from any thread; the collectors and `exit` lock
/// their state.
public final class RunningChild: @unchecked Sendable {
    /// A child that misbehaved: did not print, did not exit, or could not start.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with what the child had written to standard error.
        public let description: String
    }

    /// The prefix of the app's own settings (`SILO_POSTS`, `SILO_DATA_DIR`, ...). A child never
    /// inherits a variable with it, so neither the developer's shell nor a script's own `SILO_`
    /// variables change what a test sees; a test passes the settings it means in `environment`.
    /// `AppTests` holds it equal to `AppConfiguration.environmentPrefix`.
    public static let appVariablePrefix = "SILO_"

    private let process = Process()
    private let input: Pipe
    private let output = LineCollector()
    private let errors = LineCollector()
    /// The exit status once the process has been reaped.
    private let exit = AwaitableState<Int32?>(nil)
    private let name: String

    /// Starts `executable` with `arguments` in `directory`, with `environment` on top of this
    /// process's environment less the app's settings (`appVariablePrefix`). Its standard input is a pipe `send(_:)` writes to, or, with
    /// `inputIsNull`, `/dev/null` (the child reads end of file at once).
    public init(
        _ executable: URL,
        arguments: [String] = [],
        environment: [String: String] = [:],
        in directory: URL? = nil,
        inputIsNull: Bool = false
    ) throws {
        name = executable.lastPathComponent
        // Pipes are made and children started one at a time, and every end this process keeps is
        // closed on exec: no child started at the same moment by another test inherits this one's
        // pipes. (Foundation closes only the descriptors it saw open before it starts a child.) A
        // child holding another's input would keep that one from reading the end of it: a server
        // that stops when its input ends would then outlive this process.
        Self.starting.lock()
        defer { Self.starting.unlock() }
        input = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        for pipe in [input, stdout, stderr] { Self.closeOnExec(pipe) }
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        process.environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix(Self.appVariablePrefix) }
            .merging(environment) { _, new in new }
        process.standardInput = inputIsNull ? FileHandle.nullDevice : input
        process.standardOutput = stdout
        process.standardError = stderr
        process.terminationHandler = { [exit] process in
            let status = process.terminationStatus
            exit.update { $0 = status }
        }
        try process.run()
        output.startReading(stdout.fileHandleForReading)
        errors.startReading(stderr.fileHandleForReading)
    }

    /// Held while pipes are made and a child is started.
    private static let starting = NSLock()

    /// Marks both ends of `pipe` close-on-exec: a child gets the end meant for it as 0, 1 or 2
    /// (a duplicate, which does not carry the flag), and no other descriptor of it.
    private static func closeOnExec(_ pipe: Pipe) {
        for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
            let descriptor = handle.fileDescriptor
            _ = fcntl(descriptor, F_SETFD, fcntl(descriptor, F_GETFD) | FD_CLOEXEC)
        }
    }

    deinit {
        terminate()
        try? input.fileHandleForWriting.close()
    }

    /// The child's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// The complete lines printed to standard output so far.
    public var outputLines: [String] { output.lines }

    /// Everything the child wrote to standard output so far, as text.
    public var outputText: String { output.text }

    /// What the child wrote to standard error so far.
    public var errorOutput: String { errors.text }

    /// Waits until at least `count` lines have been printed.
    ///
    /// - Throws: `Failure` when the output ends first.
    public func waitForLines(_ count: Int) async throws {
        let progress = try await HangGuard.run("\(name) printing \(count) lines") { [output] in
            try await output.wait { $0.lines.count >= count || $0.hasEnded }
        }
        guard progress.lines.count >= count else {
            throw Failure(
                description: "\(name) ended after \(progress.lines.count) of \(count) lines; stderr: \(errorOutput)")
        }
    }

    /// Waits until a line printed so far (or later) to standard output, or to standard error when
    /// `fromStandardError`, satisfies `predicate`, and returns the first such line.
    ///
    /// - Throws: `Failure` when that output ends without one.
    @discardableResult
    public func waitForLine(
        fromStandardError: Bool = false, where predicate: @escaping @Sendable (String) -> Bool
    ) async throws -> String {
        let lines = fromStandardError ? errors : output
        let progress = try await HangGuard.run("a line from \(name) matching the test's condition") {
            try await lines.wait { $0.lines.contains(where: predicate) || $0.hasEnded }
        }
        guard let line = progress.lines.first(where: predicate) else {
            throw Failure(
                description: "\(name) ended without a matching line; output: \(outputLines.suffix(5)); "
                    + "stderr: \(errorOutput)")
        }
        return line
    }

    /// Waits until standard output holds `text`, even on a line not yet ended (a progress bar
    /// redrawn with carriage returns).
    ///
    /// - Throws: `Failure` when the output ends without it.
    public func waitForOutput(containing text: String) async throws {
        let progress = try await HangGuard.run("\(name) printing \(text.debugDescription)") { [output] in
            try await output.wait { String(decoding: $0.bytes, as: UTF8.self).contains(text) || $0.hasEnded }
        }
        guard String(decoding: progress.bytes, as: UTF8.self).contains(text) else {
            throw Failure(
                description: "\(name) ended without printing \(text.debugDescription); stderr: \(errorOutput)")
        }
    }

    /// Writes `line` and a newline to the child's standard input.
    public func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    /// Closes the child's standard input: it reads end of file after what was sent.
    public func closeInput() {
        try? input.fileHandleForWriting.close()
    }

    /// Sends `signal` (e.g. `SIGINT`) to the child.
    public func signal(_ signal: Int32) {
        if exit.current == nil { Foundation.kill(process.processIdentifier, signal) }
    }

    /// Sends `signal` to the child the moment standard output holds `text`, from the thread that
    /// reads it: the signal lands while the child is still doing what printed `text`, however long
    /// this test process takes to resume a task.
    public func signal(_ signal: Int32, whenOutputContains text: String) {
        output.whenText(contains: text) { [process, exit] _ in
            guard exit.current == nil else { return }
            Foundation.kill(process.processIdentifier, signal)
        }
    }

    /// Writes `bytes` as they are to the child's standard input the moment standard output holds
    /// `text` (`"\u{3}"` to a terminal is Ctrl-C), from the thread that reads the output.
    public func write(_ bytes: String, whenOutputContains text: String) {
        output.whenText(contains: text) { [input] _ in
            input.fileHandleForWriting.write(Data(bytes.utf8))
        }
    }

    /// Waits until the child has exited and its output has been read to the end.
    ///
    /// - Returns: the exit status, or the number of the signal that ended it.
    /// - Throws: `Failure` naming the last of what the child wrote when it hangs, so the failure
    ///   says where it stopped.
    @discardableResult
    public func waitForExit() async throws -> Int32 {
        do {
            return try await HangGuard.run("\(name) exiting") { [exit, output, errors] in
                let status = try await exit.wait { $0 != nil }
                try await output.wait { $0.hasEnded }
                try await errors.wait { $0.hasEnded }
                return status ?? -1
            }
        } catch let hang as HangGuard.Hang {
            let shown = String(outputText.suffix(600)).debugDescription
            let errorShown = String(errorOutput.suffix(600)).debugDescription
            throw Failure(description: "\(hang); its output ended with \(shown), its errors with \(errorShown)")
        }
    }

    /// SIGKILLs the child at once, then waits until it is reaped.
    public func kill() async throws {
        signal(SIGKILL)
        try await waitForExit()
    }

    /// SIGKILLs the child if it still runs; never blocks or throws (for `defer` and `deinit`).
    /// Foundation reaps it in the background.
    public func terminate() {
        guard exit.current == nil, process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
    }
}

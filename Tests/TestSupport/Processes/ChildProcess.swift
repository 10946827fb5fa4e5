import Foundation

/// Runs an executable that `swift test` built next to the test binary, with a bounded wait.
///
/// A test target that depends on an executable target gets that executable built into the same
/// directory as the test binary; `executable(named:)` finds it there (never call `swift build`
/// from a test: SwiftPM holds the build lock).
public enum ChildProcess {
    /// What a finished child printed and how it exited.
    public struct Outcome: Sendable {
        /// The exit status (or the signal number when it was killed).
        public let status: Int32
        /// Everything written to standard output.
        public let standardOutput: String
        /// Everything written to standard error.
        public let standardError: String
    }

    /// A child that did not finish in time (it has been killed) or could not be found.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The executable `name` built next to the running test binary.
    ///
    /// - Throws: `Failure` naming the directories searched when it is not there.
    public static func executable(named name: String) throws -> URL {
        var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
        directories += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Failure(description: "\(name) not found next to the test binary in \(directories.map(\.path))")
    }

    /// Runs `executable` with `arguments` in `directory` and waits for it to exit.
    ///
    /// The child gets `environment` on top of the current process's environment, and no standard
    /// input. It is killed when it runs longer than `timeout`. The wait polls with `Task.sleep`, so
    /// it never blocks a thread of the cooperative pool.
    /// - Throws: `Failure` when the child did not exit in time.
    public static func run(
        _ executable: URL,
        arguments: [String],
        environment: [String: String] = [:],
        in directory: URL,
        timeout: Duration = .seconds(60)
    ) async throws -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        let collected = Locked<(output: Data, errors: Data, closed: Int)>((Data(), Data(), 0))
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        for (handle, isOutput) in [(output.fileHandleForReading, true), (errors.fileHandleForReading, false)] {
            Thread {
                let data = handle.readDataToEndOfFile()
                collected.withLock { state in
                    if isOutput { state.output = data } else { state.errors = data }
                    state.closed += 1
                }
            }.start()
        }
        let deadline = ContinuousClock.now + timeout
        while process.isRunning || collected.current.closed < 2 {
            guard ContinuousClock.now < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw Failure(
                    description: "\(executable.lastPathComponent) \(arguments) did not finish within \(timeout)")
            }
            try await Task.sleep(for: .milliseconds(2))
        }
        let result = collected.current
        return Outcome(
            status: process.terminationStatus,
            standardOutput: String(decoding: result.output, as: UTF8.self),
            standardError: String(decoding: result.errors, as: UTF8.self)
        )
    }
}

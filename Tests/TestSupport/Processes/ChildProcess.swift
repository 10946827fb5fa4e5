import Foundation

/// Runs an executable that `swift test` built next to the test binary and waits for it to end.
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

    /// A child that could not be found.
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

    /// Runs `executable` with `arguments` in `directory` and waits for it to exit and its output
    /// to be read to the end.
    ///
    /// The child gets `environment` on top of the current process's environment less the app's
    /// settings (`RunningChild.appVariablePrefix`), and `input` as its standard input (none when
    /// `nil`). The wait is for the child's exit (an event), guarded by `HangGuard`; a child that
    /// hangs is killed when the wait is given up.
    public static func run(
        _ executable: URL,
        arguments: [String],
        environment: [String: String] = [:],
        in directory: URL,
        input: String? = nil
    ) async throws -> Outcome {
        let child = try RunningChild(
            executable, arguments: arguments, environment: environment, in: directory, inputIsNull: input == nil)
        defer { child.terminate() }
        if let input {
            child.send(input)
            child.closeInput()
        }
        let status = try await child.waitForExit()
        return Outcome(
            status: status,
            standardOutput: child.outputText,
            standardError: child.errorOutput
        )
    }
}

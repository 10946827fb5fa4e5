import App
import Foundation
import Services
import TestSupport

/// Runs the built `silo` executable in a fresh working directory, as a user would.
final class SiloRunner {
    let workingDirectory: TemporaryDirectory
    private let executable: URL

    init() throws {
        workingDirectory = try TemporaryDirectory(prefix: "cli")
        executable = try ChildProcess.executable(named: "silo")
    }

    /// Runs `silo` with `arguments` and `environment` (on top of a clean Silo environment).
    func run(_ arguments: String..., environment: [String: String] = [:], input: String? = nil) async throws
        -> ChildProcess.Outcome
    {
        try await run(arguments, environment: environment, input: input)
    }

    /// Runs `silo` with `arguments` and `environment` (on top of a clean Silo environment), with
    /// `input` as one line of standard input (a password) when given.
    func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) async throws
        -> ChildProcess.Outcome
    {
        try await ChildProcess.run(
            executable,
            arguments: arguments,
            environment: cleanEnvironment.merging(environment) { _, new in new },
            in: workingDirectory.url,
            input: input
        )
    }

    /// Starts `silo` with `arguments` without waiting, for tests that talk to it while it runs.
    func start(_ arguments: String..., environment: [String: String] = [:]) throws -> RunningChild {
        try start(arguments, environment: environment)
    }

    /// Starts `silo` with `arguments` without waiting, for tests that talk to it while it runs.
    func start(_ arguments: [String], environment: [String: String] = [:]) throws -> RunningChild {
        try RunningChild(
            executable, arguments: arguments, environment: cleanEnvironment.merging(environment) { _, new in new },
            in: workingDirectory.url)
    }

    /// The app's variables cleared, so the caller's shell does not leak into a test.
    var cleanEnvironment: [String: String] {
        let prefix = AppConfiguration.environmentPrefix
        let variables =
            ServiceKind.allCases.map(AppConfiguration.variable(for:))
            + IntegrationCatalog.settings.map(\.environmentVariable)
            + [prefix + "DATA_DIR", prefix + "USER", prefix + "VERBOSE"]
        return Dictionary(uniqueKeysWithValues: variables.map { ($0, "") })
    }

    /// Runs the `sqlite3` tool on the database with `sql` and returns what it printed.
    func sqlite3(_ sql: String) async throws -> String {
        try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/sqlite3"), arguments: [databaseURL.path, sql], in: workingDirectory.url
        ).standardOutput
    }

    /// The SQLite database the embedded default writes.
    var databaseURL: URL {
        workingDirectory.url.appendingPathComponent(".silo/silo.sqlite")
    }

    /// Asks the `sqlite3` command-line tool how many posts the database holds.
    func storedPostCount() async throws -> Int? {
        let sqlite3 = URL(fileURLWithPath: "/usr/bin/sqlite3")
        let outcome = try await ChildProcess.run(
            sqlite3,
            arguments: [databaseURL.path, "SELECT count(*) FROM posts;"],
            in: workingDirectory.url
        )
        return Int(outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

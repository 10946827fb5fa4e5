import App
import Foundation
import Services
import TestSupport

/// Runs the built `silo` executable in a fresh working directory, as a user would.
final class SiloRunner {
    let workingDirectory: TemporaryDirectory
    /// The environment every run starts from: the choices the runner was made with (a child
    /// inherits none of the app's variables from the test's own environment).
    let baseEnvironment: [String: String]
    private let executable: URL

    /// A runner on `choices` (`[.posts: .sqlite]`), the defaults for every other service.
    init(choosing choices: [ServiceKind: IntegrationDescription] = [:]) throws {
        workingDirectory = try TemporaryDirectory(prefix: "cli")
        executable = try ChildProcess.executable(named: "silo")
        let picks = choices.map { (Defaults.variable(choosing: $0.key), $0.value.name) }
        baseEnvironment = Dictionary(uniqueKeysWithValues: picks)
    }

    /// A runner on an integration that keeps `service`'s data between runs (`Defaults.keeping`):
    /// guard the test with `.requires(Defaults.keeping(service) != nil, …)`.
    convenience init(keeping service: ServiceKind, shared: Bool = false) throws {
        guard let choices = Defaults.keeping(service, shared: shared) else { throw NoIntegration(service: service) }
        try self.init(choosing: choices)
    }

    /// The template has no integration that keeps a service's data the way a test needs.
    struct NoIntegration: Error, CustomStringConvertible {
        let service: ServiceKind
        var description: String { "no integration in IntegrationCatalog keeps \(service) between runs" }
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
            environment: baseEnvironment.merging(environment) { _, new in new },
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
            executable, arguments: arguments, environment: baseEnvironment.merging(environment) { _, new in new },
            in: workingDirectory.url)
    }

    /// `big.mp4` in the working directory: 1 GiB and sparse, so slow to upload and instant to make,
    /// for tests that interrupt an upload.
    func bigSparseVideo() throws -> URL {
        let file = workingDirectory.file(named: "big.mp4")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        let handle = try FileHandle(forWritingTo: file)
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        return file
    }

    /// How many posts `silo feed` shows (up to 100), asked the way a user would.
    func feedPostCount() async throws -> Int {
        let feed = try await run("feed", "--limit", "100")
        guard feed.status == 0 else { throw FeedFailed(outcome: feed) }
        return Self.posts(in: feed)
    }

    /// The posts a `silo feed` printed: their header lines, which are not indented and carry the time.
    static func posts(in outcome: ChildProcess.Outcome) -> Int {
        outcome.standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") && $0.contains(" at ") }.count
    }

    /// `silo feed` failed where a test needed its posts.
    struct FeedFailed: Error, CustomStringConvertible {
        let outcome: ChildProcess.Outcome
        var description: String { "silo feed failed: \(outcome)" }
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

import Foundation
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
    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> ChildProcess.Outcome {
        var base = ["SILO_POSTS": "", "SILO_USERS": "", "SILO_LIBRARY": "", "SILO_VIDEOS": "", "SILO_DATA_DIR": ""]
        base["SILO_USER"] = ""
        return try ChildProcess.run(
            executable,
            arguments: arguments,
            environment: base.merging(environment) { _, new in new },
            in: workingDirectory.url,
            timeout: .seconds(120)
        )
    }

    /// The SQLite database the embedded default writes.
    var databaseURL: URL {
        workingDirectory.url.appendingPathComponent(".silo/silo.sqlite")
    }

    /// Asks the `sqlite3` command-line tool how many posts the database holds.
    func storedPostCount() throws -> Int? {
        let sqlite3 = URL(fileURLWithPath: "/usr/bin/sqlite3")
        let outcome = try ChildProcess.run(
            sqlite3,
            arguments: [databaseURL.path, "SELECT count(*) FROM posts;"],
            in: workingDirectory.url
        )
        return Int(outcome.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

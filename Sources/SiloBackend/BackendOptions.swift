import Foundation

/// The command line of `silo-backend`.
struct BackendOptions {
    var port = 8080
    var store = StoreChoice.sqlite
    var dataDirectory = URL(fileURLWithPath: ".silo/backend", isDirectory: true)
    var testControls = false
    /// With `testControls`: the server's timeouts follow a clock that moves only on `POST /_test/clock`.
    var manualClock = false
    var limits = ServerLimits()
    var accessTokenLifetime: Duration = .seconds(15 * 60)
    var passwordIterations = PasswordHasher.defaultIterations

    static let usage = """
        USAGE: silo-backend [--port <n>] [--store sqlite|memory] [--data-dir <path>] [options]

        Serves the Silo HTTP API (Docs/HTTPBackendAPI.md) on 127.0.0.1, over the SQLite store by default.

        OPTIONS:
          --port <n>                 The port on 127.0.0.1 (default 8080; 0 picks a free one).
          --store <name>             sqlite (kept in <data-dir>/backend.sqlite) or memory (default sqlite).
          --data-dir <path>          Where the SQLite store and sessions live (default .silo/backend).
          --idle-timeout-ms <n>      Close a connection that sends no request for this long (default 5000).
          --request-timeout-ms <n>   Answer 408 to a request not fully sent this long after its first
                                     byte; close a client that does not read its answer (default 10000).
          --max-connections <n>      Connections held at once; a new one beyond it replaces the one
                                     that has waited longest on its client (default 512).
          --access-token-seconds <n> How long an access token lasts (default 900).
          --password-iterations <n>  PBKDF2 rounds for new password hashes (default 600000; fewer
                                     only for tests: each round is what a guess costs an attacker).
          --test-controls            Fault injection, request counts and the test clock, for tests only.
          --manual-clock             With --test-controls: timeouts wait for POST /_test/clock to move time.
          -h, --help                 Show this help.
        """

    /// What went wrong on the command line, said so the user can fix it.
    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    /// Parses `arguments` (without the program name); `nil` when help was asked for.
    static func parse(_ arguments: [String]) throws(UsageError) -> BackendOptions? {
        var options = BackendOptions()
        var remaining = arguments[...]
        func value(_ flag: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(flag) needs a value") }
            return value
        }
        func number(_ flag: String, in range: ClosedRange<Int>) throws(UsageError) -> Int {
            let text = try value(flag)
            guard let number = Int(text), range.contains(number) else {
                throw UsageError(
                    description: "\(flag) takes a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "-h", "--help": return nil
            case "--port": options.port = try number(argument, in: 0...65535)
            case "--store":
                let name = try value(argument)
                guard let store = StoreChoice(rawValue: name) else {
                    throw UsageError(description: "--store takes sqlite or memory, not \(name.debugDescription)")
                }
                options.store = store
            case "--data-dir":
                let path = try value(argument)
                guard !path.isEmpty else { throw UsageError(description: "--data-dir needs a path") }
                options.dataDirectory = URL(fileURLWithPath: path, isDirectory: true)
            case "--idle-timeout-ms":
                options.limits.idleTimeout = .milliseconds(try number(argument, in: 1...3_600_000))
            case "--request-timeout-ms":
                options.limits.requestTimeout = .milliseconds(try number(argument, in: 1...3_600_000))
            case "--max-connections":
                options.limits.maxConnections = try number(argument, in: 1...65_536)
            case "--access-token-seconds":
                options.accessTokenLifetime = .seconds(try number(argument, in: 1...86_400))
            case "--password-iterations":
                options.passwordIterations = try number(argument, in: 1...10_000_000)
            case "--test-controls": options.testControls = true
            case "--manual-clock": options.manualClock = true
            default:
                throw UsageError(description: "unknown option \(argument.debugDescription); see silo-backend --help")
            }
        }
        if options.manualClock && !options.testControls {
            throw UsageError(description: "--manual-clock needs --test-controls (it is for tests only)")
        }
        return options
    }
}

import CommandLineSupport
import Foundation

/// The command line of `silo-backend`: every option is one row of `table`, which both the parser
/// and the help page read, so an option cannot be parsed without being documented.
struct BackendOptions {
    var port = 8080
    var store = StoreChoice.sqlite
    var dataDirectory = URL(fileURLWithPath: ".silo/backend", isDirectory: true)
    var testControls = false
    /// With `testControls`: the server's timeouts follow a clock that moves only on `POST /_test/clock`.
    var manualClock = false
    /// Stop and exit once standard input reaches its end (`--exit-when-input-closes`).
    var exitsWhenInputCloses = false
    var limits = ServerLimits()
    var accessTokenLifetime: Duration = .seconds(15 * 60)
    var passwordIterations = PasswordHasher.defaultIterations

    /// What an option does with the command line.
    enum Effect: Sendable {
        /// Takes no value.
        case flag(@Sendable (inout BackendOptions) -> Void)
        /// Takes a whole number in the range.
        case number(ClosedRange<Int>, @Sendable (inout BackendOptions, Int) -> Void)
        /// Takes text; the closure returns why the value is refused, or `nil` when it took it.
        case text(@Sendable (inout BackendOptions, String) -> String?)
    }

    /// One option: its name, its value's placeholder (none for a flag), its help and its effect.
    struct Option: Sendable {
        let name: String
        let value: String?
        let abstract: String
        let effect: Effect

        /// `--port <n>`, as help and error messages show it.
        var label: String { value.map { "\(name) <\($0)>" } ?? name }
    }

    /// Every option `silo-backend` takes, in the order help lists them.
    static let table: [Option] = [
        Option(
            name: "--port", value: "n", abstract: "The port on 127.0.0.1 (default 8080; 0 picks a free one).",
            effect: .number(0...65535) { $0.port = $1 }),
        Option(
            name: "--store", value: "name",
            abstract: "sqlite (kept in <data-dir>/backend.sqlite) or memory (default sqlite).",
            effect: .text { options, name in
                guard let store = StoreChoice(rawValue: name) else { return "choose sqlite or memory" }
                options.store = store
                return nil
            }),
        Option(
            name: "--data-dir", value: "path",
            abstract: "Where the SQLite store and sessions live (default .silo/backend).",
            effect: .text { options, path in
                guard !path.isEmpty else { return "give a directory path" }
                options.dataDirectory = URL(fileURLWithPath: path, isDirectory: true)
                return nil
            }),
        Option(
            name: "--idle-timeout-ms", value: "n",
            abstract: "Close a connection that sends no request for this long (default 5000).",
            effect: .number(1...3_600_000) { $0.limits.idleTimeout = .milliseconds($1) }),
        Option(
            name: "--request-timeout-ms", value: "n",
            abstract: "Answer 408 to a request not fully sent this long after its first byte; close a client "
                + "that does not read its answer (default 10000).",
            effect: .number(1...3_600_000) { $0.limits.requestTimeout = .milliseconds($1) }),
        Option(
            name: "--max-connections", value: "n",
            abstract: "Connections held at once; a new one beyond it replaces the one that has waited longest "
                + "on its client (default 512).",
            effect: .number(1...65_536) { $0.limits.maxConnections = $1 }),
        Option(
            name: "--access-token-seconds", value: "n", abstract: "How long an access token lasts (default 900).",
            effect: .number(1...86_400) { $0.accessTokenLifetime = .seconds($1) }),
        Option(
            name: "--password-iterations", value: "n",
            abstract: "PBKDF2 rounds for new password hashes (default 600000; fewer only for tests: each round "
                + "is what a guess costs an attacker).",
            effect: .number(1...10_000_000) { $0.passwordIterations = $1 }),
        Option(
            name: "--test-controls", value: nil,
            abstract: "Fault injection, request counts and the test clock, for tests only.",
            effect: .flag { $0.testControls = true }),
        Option(
            name: "--manual-clock", value: nil,
            abstract: "With --test-controls: timeouts wait for POST /_test/clock to move time.",
            effect: .flag { $0.manualClock = true }),
        Option(
            name: "--exit-when-input-closes", value: nil,
            abstract: "Stop and exit 0 when standard input ends: a test gives it a pipe, so the server ends "
                + "with the test process, however that ends.",
            effect: .flag { $0.exitsWhenInputCloses = true }),
    ]

    /// `silo-backend --help`.
    static var help: HelpPage {
        HelpPage(
            overview: "Serves the Silo HTTP API (Docs/HTTPBackendAPI.md) on 127.0.0.1, over the SQLite store by "
                + "default.",
            usage: usage,
            sections: [
                HelpSection(
                    "OPTIONS",
                    rows: table.map { HelpSection.Row($0.label, $0.abstract) }
                        + [HelpSection.Row("-h, --help", "Show help information.")])
            ])
    }

    private static let usage = [
        "silo-backend", "[--port <n>]", "[--store <name>]", "[--data-dir <path>]", "[<options>]",
    ]

    /// What went wrong on the command line, said as swift-argument-parser says it, with the usage.
    struct UsageError: Error, CustomStringConvertible {
        /// The sentence after `Error: `; what was typed in it is escaped.
        let problem: String

        var description: String {
            UsageMessage(
                problem, usage: BackendOptions.usage.joined(separator: " "), helpCommand: "silo-backend --help"
            )
            .text
        }
    }

    /// Parses `arguments` (without the program name); `nil` when help was asked for. Accepts
    /// `--name value` and `--name=value`.
    static func parse(_ arguments: [String]) throws(UsageError) -> BackendOptions? {
        var options = BackendOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "-h" || argument == "--help" { return nil }
            let (name, attached) = split(argument)
            guard let option = table.first(where: { $0.name == name }) else {
                throw unknown(argument)
            }
            switch option.effect {
            case .flag(let apply):
                if attached != nil { throw UsageError(problem: "The option '\(option.name)' does not take a value") }
                apply(&options)
            case .number(let range, let apply):
                let text = try value(of: option, attached: attached, from: &remaining)
                guard let number = Int(text), range.contains(number) else {
                    throw invalid(
                        text, for: option, "give a whole number from \(range.lowerBound) to \(range.upperBound)")
                }
                apply(&options, number)
            case .text(let apply):
                let text = try value(of: option, attached: attached, from: &remaining)
                if let reason = apply(&options, text) { throw invalid(text, for: option, reason) }
            }
        }
        if options.manualClock && !options.testControls {
            throw UsageError(problem: "'--manual-clock' needs '--test-controls' (it is for tests only)")
        }
        return options
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func value(of option: Option, attached: String?, from remaining: inout ArraySlice<String>)
        throws(UsageError) -> String
    {
        if let attached { return attached }
        guard let value = remaining.popFirst() else { throw UsageError(problem: "Missing value for '\(option.label)'") }
        return value
    }

    private static func unknown(_ argument: String) -> UsageError {
        let typed = VisibleEscapes.escaped(argument)
        guard argument.hasPrefix("-") else { return UsageError(problem: "Unexpected argument '\(typed)'") }
        return UsageError(
            problem: UsageMessage.suggesting(
                "Unknown option '\(typed)'", typed: split(argument).name, among: table.map(\.name) + ["--help"]))
    }

    private static func invalid(_ text: String, for option: Option, _ reason: String) -> UsageError {
        UsageError(problem: "The value '\(VisibleEscapes.escaped(text))' is invalid for '\(option.label)': \(reason)")
    }
}

import Foundation
import TestSupport
import Testing

/// `silo-backend` reads its command line as `silo` does, in swift-argument-parser's layout: help
/// with `OVERVIEW:` and every option, errors with the usage and the nearest option, exit status 64.
@Suite("silo-backend's command line")
struct BackendCommandLineTests {
    private func run(_ arguments: String...) async throws -> ChildProcess.Outcome { try await run(arguments) }

    private func run(_ arguments: [String]) async throws -> ChildProcess.Outcome {
        let directory = try TemporaryDirectory(prefix: "backend-cli")
        return try await ChildProcess.run(
            try ChildProcess.executable(named: "silo-backend"), arguments: arguments, in: directory.url)
    }

    @Test("--help lists every option in argument-parser's layout and exits 0")
    func help() async throws {
        let help = try await run("--help")
        #expect(help.status == 0)
        #expect(help.standardOutput.hasPrefix("OVERVIEW: Serves the Silo HTTP API"), "\(help.standardOutput)")
        #expect(help.standardOutput.contains("\nUSAGE: silo-backend [--port <n>]"))
        for option in ["--port <n>", "--store <name>", "--data-dir <path>", "--test-controls", "-h, --help"] {
            #expect(help.standardOutput.contains("\n  \(option)"), "missing \(option)")
        }
        #expect(try await run("-h").standardOutput == help.standardOutput)
    }

    @Test("a mistyped option is refused with the nearest one, the usage and exit status 64")
    func typo() async throws {
        let outcome = try await run("--prot", "8081")
        #expect(outcome.status == 64)
        #expect(
            outcome.standardError == """
                Error: Unknown option '--prot'. Did you mean '--port'?
                Usage: silo-backend [--port <n>] [--store <name>] [--data-dir <path>] [<options>]
                  See 'silo-backend --help' for more information.

                """)
    }

    @Test(
        "a bad or missing value names the option and what it takes; typed text is escaped",
        arguments: [
            (["--port", "x"], "The value 'x' is invalid for '--port <n>': give a whole number from 0 to 65535"),
            (["--port=70000"], "The value '70000' is invalid for '--port <n>'"),
            (["--store", "postgres"], "The value 'postgres' is invalid for '--store <name>': choose sqlite or memory"),
            (["--data-dir"], "Missing value for '--data-dir <path>'"),
            (["--test-controls=yes"], "The option '--test-controls' does not take a value"),
            (["--manual-clock"], "'--manual-clock' needs '--test-controls'"),
            (["serve\u{1B}[2J"], "Unexpected argument 'serve\\u{1B}[2J'"),
        ])
    func badValue(_ arguments: [String], _ message: String) async throws {
        let outcome = try await run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("Error: " + message), "\(outcome.standardError)")
        #expect(!outcome.standardError.unicodeScalars.contains("\u{1B}"))
    }

    @Test("a data directory it cannot make is named with its control characters escaped, and it exits 1")
    func unusableDataDirectory() async throws {
        let directory = try TemporaryDirectory(prefix: "backend-cli")
        let file = directory.file(named: "a-file")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))

        let outcome = try await ChildProcess.run(
            try ChildProcess.executable(named: "silo-backend"),
            arguments: ["--store", "sqlite", "--data-dir", file.path + "/\u{1B}[2Jdata"], in: directory.url)

        #expect(outcome.status == 1)
        #expect(outcome.standardError.hasPrefix("silo-backend: cannot create "), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("a-file/\\u{1B}[2Jdata"), "\(outcome.standardError)")
        #expect(!outcome.standardError.unicodeScalars.contains("\u{1B}"))
    }

    @Test("with --exit-when-input-closes it exits 0 when its input ends, though a child started later still runs")
    func exitsWhenInputCloses() async throws {
        let backend = try await BackendChild.start(arguments: ["--store", "memory"])
        defer { backend.process.terminate() }
        // A process started after the backend's input pipe existed: had it inherited the pipe's
        // writing end, the backend would read no end of input while it runs, and this would hang.
        let later = try RunningChild(URL(fileURLWithPath: "/bin/cat"))
        defer { later.terminate() }
        backend.process.closeInput()
        #expect(try await backend.process.waitForExit() == 0)
        later.closeInput()
        #expect(try await later.waitForExit() == 0)
    }

    @Test("with --exit-when-input-closes, input it cannot read stops it with status 1 and the remedy")
    func unreadableInput() async throws {
        let directory = try TemporaryDirectory(prefix: "backend-cli")
        // Standard input closed (`<&-`): reading it fails, as it does on a descriptor nobody gave.
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/sh"),
            arguments: [
                "-c", #"exec "$0" --port 0 --store memory --exit-when-input-closes <&-"#,
                try ChildProcess.executable(named: "silo-backend").path,
            ],
            in: directory.url)
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.standardError.contains("cannot read standard input"), "\(outcome.standardError)")
        #expect(outcome.standardError.contains("give it a pipe that stays open"), "\(outcome.standardError)")
    }
}

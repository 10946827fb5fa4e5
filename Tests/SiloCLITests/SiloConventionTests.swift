import Foundation
import TestSupport
import Testing

/// `silo` behaves like the Swift command-line tools people use every day: help for every command
/// both ways, `--version`, `--` before text that starts with a dash, options before or after the
/// command and as `--option=value`, help wrapped to the terminal, `NO_COLOR` and `TERM=dumb`,
/// and `--verbose` showing each use case and request with its duration.
@Suite("silo follows the command-line conventions")
struct SiloConventionTests {
    /// util-linux `script -qec`, which gives a command a pseudo-terminal; the BSD `script` on
    /// macOS takes other options.
    #if os(Linux)
        static let hasUtilLinuxScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
    #else
        static let hasUtilLinuxScript = false
    #endif

    static let commands =
        ["tour", "feed", "post", "delete", "user", "integrations", "help"]
        + ["library"]  // part of: library
        + ["upload"]  // part of: hosting

    @Test("silo <command> --help and silo help <command> print the same help, exit 0", arguments: commands)
    func helpBothWays(_ command: String) async throws {
        let silo = try SiloRunner()
        let flag = try await silo.run(command, "--help")
        let word = try await silo.run("help", command)
        let short = try await silo.run(command, "-h")
        #expect(flag.status == 0 && word.status == 0 && short.status == 0)
        #expect(flag.standardOutput.contains("USAGE: silo \(command)"), "\(flag.standardOutput)")
        #expect(flag.standardOutput == word.standardOutput)
        #expect(flag.standardOutput == short.standardOutput)
    }

    @Test("--version prints the version and exits 0, before or after a command")
    func version() async throws {
        let silo = try SiloRunner()
        for arguments in [["--version"], ["feed", "--version"]] {
            let outcome = try await silo.run(arguments)
            #expect(outcome.status == 0)
            #expect(outcome.standardOutput.hasPrefix("silo "), "\(outcome.standardOutput)")
        }
    }

    @Test(
        "-h is help, but after -- it is the text of a post",
        .requires(Defaults.keeping(.posts) != nil, "needs an integration that keeps posts between runs"))
    func dashDash() async throws {
        let silo = try SiloRunner(keeping: .posts)
        let help = try await silo.run("post", "-h")
        #expect(help.standardOutput.contains("USAGE: silo post"))
        let posted = try await silo.run("post", "--", "-h")
        #expect(posted.status == 0, "\(posted.standardError)")
        let feed = try await silo.run("feed")
        #expect(feed.standardOutput.split(separator: "\n").contains("  -h"), "\(feed.standardOutput)")
    }

    @Test(
        "options work before or after the command, and as --option=value",
        .requires(Defaults.keeping(.posts) != nil, "needs an integration that keeps posts between runs"))
    func optionPlacement() async throws {
        let silo = try SiloRunner(keeping: .posts)
        for text in ["one", "two", "three"] { _ = try await silo.run("post", text) }
        let after = try await silo.run("feed", "--limit", "1")
        let before = try await silo.run("--limit", "1", "feed")
        let equals = try await silo.run("feed", "--limit=1")
        let dataDirectory = try await silo.run("--data-dir=.silo", "feed", "--limit=1")
        #expect(after.status == 0)
        #expect(SiloRunner.posts(in: after) == 1)
        for outcome in [before, equals, dataDirectory] {
            #expect(outcome.status == 0, "\(outcome.standardError)")
            #expect(SiloRunner.posts(in: outcome) == SiloRunner.posts(in: after))
        }
    }

    @Test(
        "help is wrapped to the terminal's width, and styled only when NO_COLOR and TERM=dumb allow",
        .requires(Self.hasUtilLinuxScript, "needs util-linux script(1) for a terminal (Linux)"),
        .requires(Defaults.keeping(.posts) != nil, "needs an integration that keeps posts between runs"))
    func terminal() async throws {
        let silo = try SiloRunner(keeping: .posts)
        let narrow = try await silo.inTerminal("stty cols 50; \"$APP_BINARY\" help delete")
        let lines = narrow.split(separator: "\n").map { $0.trimmingCharacters(in: .newlines) }
        #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines.filter { $0.count > 50 })")
        let styled = try await silo.inTerminal("\"$APP_BINARY\" post styled >/dev/null; \"$APP_BINARY\" feed")
        #expect(styled.contains("\u{1B}["), "a terminal without NO_COLOR shows bold: \(styled)")
        for environment in [["NO_COLOR": "1"], ["TERM": "dumb"]] {
            let plain = try await silo.inTerminal("\"$APP_BINARY\" feed", environment: environment)
            #expect(plain.contains("styled"))
            #expect(!plain.contains("\u{1B}["), "\(environment) still styled: \(plain)")
        }
    }

    // begin part of: hosting
    @Test(
        "Ctrl-C in a terminal during an upload ends the progress line, says the upload stopped, exits 130",
        .requires(Self.hasUtilLinuxScript, "needs util-linux script(1) for a terminal (Linux)"))
    func controlCDuringUpload() async throws {
        let silo = try SiloRunner()
        _ = try silo.bigSparseVideo()
        let terminal = try RunningChild(
            URL(fileURLWithPath: "/usr/bin/script"),
            arguments: ["-qec", "\"$APP_BINARY\" upload big.mp4 --title Interrupted", "/dev/null"],
            environment: silo.baseEnvironment.merging([
                "APP_BINARY": try ChildProcess.executable(named: "silo").path, "TERM": "xterm", "NO_COLOR": "",
            ]) { $1 },
            in: silo.workingDirectory.url)
        defer { terminal.terminate() }
        // The Ctrl-C key, typed the moment the progress bar shows; the terminal sends silo SIGINT.
        terminal.write("\u{3}", whenOutputContains: "Uploading ")
        let status = try await terminal.waitForExit()
        let shown = terminal.outputText.replacingOccurrences(of: "\r\n", with: "\n")
        let tail = String(shown.suffix(160)).debugDescription
        #expect(status == 130, "exit status \(status); the terminal ended with \(tail)")
        let cancelled = try #require(shown.range(of: "Upload cancelled"), "no cancel message: \(tail)")
        let before = shown[..<cancelled.lowerBound].replacingOccurrences(of: "^C", with: "")  // the terminal's echo
        #expect(before.hasSuffix("%\n"), "the progress line is not ended before the message: \(tail)")
        #expect(shown.hasSuffix("keeps nothing of it.\n"), "\(tail)")
    }
    // end part of: hosting

    // begin part of: HTTPBackend
    @Test(
        "--verbose shows each use case and each HTTP request with its duration, never a token",
        .requires(Defaults.integration(named: "http") != nil, "needs the HTTP integration and silo-backend"))
    func verbose() async throws {
        let backend = try await BackendChild.start(arguments: ["--store", "memory"])
        defer { backend.process.terminate() }
        let silo = try SiloRunner()
        let outcome = try await silo.run(
            "post", "over http", "--verbose",
            environment: ["SILO_POSTS": "http", "SILO_BACKEND_URL": backend.url.absoluteString])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let diagnostics = outcome.standardError.split(separator: "\n")
        #expect(diagnostics.contains { $0.hasPrefix("use case PublishPost") && $0.hasSuffix("ms") }, "\(diagnostics)")
        #expect(diagnostics.contains { $0.hasPrefix("request: POST /v1/posts → 201 (attempt 1, ") }, "\(diagnostics)")
        #expect(diagnostics.contains { $0.hasPrefix("request: POST /v1/accounts → 201") }, "\(diagnostics)")
        #expect(!outcome.standardError.contains("Bearer"))
    }
    // end part of: HTTPBackend

}

extension SiloRunner {
    /// Runs `command` in a shell inside a pseudo-terminal (`script`), with `$APP_BINARY` set and
    /// the app's variables cleared (as `run` clears them), and `input` typed when given; returns
    /// what the terminal showed.
    func inTerminal(_ command: String, environment: [String: String] = [:], input: String? = nil) async throws
        -> String
    {
        let binary = try ChildProcess.executable(named: "silo")
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: "/usr/bin/script"), arguments: ["-qec", command, "/dev/null"],
            environment: baseEnvironment.merging(["APP_BINARY": binary.path, "TERM": "xterm", "NO_COLOR": ""]) { $1 }
                .merging(environment) { $1 },
            in: workingDirectory.url, input: input)
        return outcome.standardOutput.replacingOccurrences(of: "\r", with: "")
    }
}

import App
import CommandLineSupport
import Foundation
import Services

/// The `silo` executable: the Silo sample app in a terminal.
///
/// Exit status: 0 on success, 1 on a service or start-up error, 64 on a usage or configuration
/// error, 130 or 143 when Ctrl-C or SIGTERM stopped it (after cleaning up); failures print one
/// line on standard error.
@main
enum Silo {
    @MainActor
    static func main() async {
        // First, so a Ctrl-C at any moment after start-up is caught: see `Interruption`.
        let interruption = Interruption()
        interruption.install()
        let terminal = Terminal()
        let status = await run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            environment: ProcessInfo.processInfo.environment,
            terminal: terminal,
            interruption: interruption
        )
        exit(status.code)
    }

    @MainActor
    private static func run(
        arguments: [String],
        environment: [String: String],
        terminal: Terminal,
        interruption: Interruption
    ) async -> ExitStatus {
        let invocation: Invocation
        let command: CLICommand
        let configuration: AppConfiguration
        let composition: AppComposition
        do {
            invocation = try Invocation.parse(arguments)
            if invocation.flags.contains("--version") {
                terminal.print("silo \(Version.current)")
                return .success
            }
            if invocation.wantsHelp { return try showHelp(invocation, terminal: terminal) }
            command = try CLICommand(invocation)
            configuration = try loadConfiguration(environment: environment, invocation: invocation)
            composition = try AppComposition(
                configuration: configuration, diagnostics: configuration.isVerbose ? Self.printDiagnostic : nil)
        } catch let error as UsageError {
            terminal.printUsageError(error.message)
            return .usage
        } catch {
            terminal.printError("\(String(describing: error))")
            return .usage
        }
        for unknown in AppConfiguration.unknownVariables(in: environment, alsoRead: [SiloSession.Identity.variable]) {
            terminal.printError("warning: \(unknown.description)")
        }
        if configuration.isVerbose {
            let lines = configuration.description.split(separator: "\n").map(String.init) + composition.settingsReport
            for line in lines { terminal.printDiagnostic("\(line)") }
        }
        if command == .integrations {
            return await showIntegrations(composition, terminal: terminal)
        }
        do {
            try await composition.start(for: command.services)
        } catch {
            terminal.printError("\(error.description)")
            await composition.stop()
            return .failure
        }
        let session = SiloSession(
            composition: composition,
            terminal: terminal,
            identity: .init(environment: environment),
            isVerbose: configuration.isVerbose
        )
        interruption.onInterrupt = { session.interrupt() }
        let status = await session.run(command)
        await composition.stop()
        guard let signal = interruption.signal else { return status }
        return command.endsWithInterrupt && status == .success ? .success : .interrupted(signal: signal)
    }

    /// Prints one line an integration logged (`request: ` and a request with its status and
    /// duration, or what keeps a call waiting) for `--verbose`, escaped like everything the app prints.
    static let printDiagnostic: @Sendable (String) -> Void = { line in
        FileHandle.standardError.write(Data("\(TerminalText.escaped(line))\n".utf8))
    }

    /// The configuration from the environment, with the command line's `--data-dir` and `--verbose` on top.
    @MainActor
    private static func loadConfiguration(
        environment: [String: String],
        invocation: Invocation
    ) throws -> AppConfiguration {
        var configuration = try AppConfiguration.load(environment: environment)
        if let directory = invocation.values["--data-dir"] {
            configuration.dataDirectory = URL(fileURLWithPath: directory)
        }
        if invocation.flags.contains("--verbose") { configuration.isVerbose = true }
        return configuration
    }

    /// Prints the overview, or the help of the command asked about.
    @MainActor
    private static func showHelp(_ invocation: Invocation, terminal: Terminal) throws(UsageError) -> ExitStatus {
        if invocation.command == "help", invocation.operands.count > 1 {
            throw UsageError("Unexpected argument '\(invocation.operands[1])': help takes one command", command: "help")
        }
        // `silo help feed` explains feed; `silo help --help` (like `silo feed --help`) explains help.
        let asksAboutHelp = invocation.command == "help" && invocation.flags.contains("--help")
        let topic =
            invocation.command == "help" && !asksAboutHelp
            ? invocation.operands.first : invocation.namesCommand ? invocation.command : nil
        guard let topic else {
            terminal.print(TerminalText(verbatim: HelpText.overview(width: terminal.width)))
            return .success
        }
        guard let spec = CommandCatalog.command(named: topic) else {
            throw UsageError(
                UsageMessage.suggesting(
                    "Unknown command '\(topic)'", typed: topic, among: CommandCatalog.commands.map(\.name)),
                command: "help")
        }
        terminal.print(TerminalText(verbatim: HelpText.command(spec, width: terminal.width)))
        return .success
    }

    /// Starts every integration, reports each service's integration and each integration's health
    /// (and what waits to be sent, when one syncs); exits 1 when a required integration cannot serve.
    @MainActor
    private static func showIntegrations(_ composition: AppComposition, terminal: Terminal) async -> ExitStatus {
        let health = await composition.startEach()
        let choices = composition.services.choices
        terminal.print("\(bold: "Services")")
        // One column for the names, as wide as the longest (never cut: "authentication").
        let width = ServiceKind.allCases.map(\.rawValue.count).max() ?? 0
        for service in ServiceKind.allCases {
            let choice = choices[service]?.name ?? "none"
            let source = service.servedWith.map { "\(choice) (follows \($0))" } ?? choice
            terminal.print("  \(service.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)) \(source)")
        }
        terminal.print("\(bold: "Integrations")")
        for entry in health {
            let role = entry.isOptional ? "optional" : "required"
            terminal.print("  \(entry.name): \(entry.health) (\(role))")
        }
        // begin part of: OfflineFirst
        if let sync = composition.sync {
            let status = await sync.status()
            let paused = status.isPausedForSignIn ? "; paused until you sign in again" : ""
            terminal.print("\(bold: "Sync")")
            terminal.print(
                "  \(status.pendingCount) change(s) wait to be sent, \(status.failedCount) refused\(paused)")
        }
        // end part of: OfflineFirst
        await composition.stop()
        return health.contains { !$0.isOptional && !$0.health.isServing } ? .failure : .success
    }
}

import App
import Foundation

/// The `silo` executable: the Silo sample app in a terminal.
///
/// Exit status: 0 on success, 1 on a service or startup error, 64 on a usage or configuration
/// error; failures print one line on standard error.
@main
enum Silo {
    @MainActor
    static func main() async {
        let terminal = Terminal()
        let status = await run(arguments: Array(CommandLine.arguments.dropFirst()), terminal: terminal)
        exit(status.rawValue)
    }

    @MainActor
    private static func run(arguments: [String], terminal: Terminal) async -> ExitStatus {
        let environment = ProcessInfo.processInfo.environment
        let configuration: AppConfiguration
        let command: CLICommand
        let composition: AppComposition
        do {
            let loaded = try AppConfiguration.load(environment: environment, arguments: arguments)
            configuration = loaded.configuration
            command = try CLICommand.parse(loaded.remaining)
            composition = try AppComposition(configuration: configuration)
        } catch let error as UsageError {
            terminal.printError("\(error) (see silo --help)")
            return .usage
        } catch {
            terminal.printError("\(error)")
            return .usage
        }
        if command == .help {
            terminal.print(HelpText.usage)
            return .success
        }
        if configuration.isVerbose {
            terminal.print(configuration.description)
        }
        do {
            try await composition.start()
        } catch {
            terminal.printError(error.description)
            return .failure
        }
        let session = SiloSession(
            composition: composition,
            terminal: terminal,
            identity: .init(environment: environment)
        )
        let status = await session.run(command)
        await composition.stop()
        return status
    }
}

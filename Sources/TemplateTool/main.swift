import Foundation

/// The template's own tool: `new-integration` and `rename`, written in Swift so that it reads the
/// app's code through the modules it imports (the service list, the integration catalog, the
/// protocols' requirements), never by matching Swift text. `scripts/new-integration` and
/// `scripts/rename-app` run it.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    Usage: swift run template <command> [arguments]

    Commands:
      new-integration <Name> <service> [<service> ...]   scaffold an integration (scripts/new-integration)
      rename <NewName>                                   rename the app (scripts/rename-app)
    Run a command with --help for its own.
    """

/// Writes `message` to standard error, on a line of its own.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

do throws(ToolFailure) {
    let wantsHelp = arguments.dropFirst().contains { $0 == "-h" || $0 == "--help" }
    switch arguments.first {
    case "new-integration":
        guard !wantsHelp else {
            print(NewIntegration.help)
            exit(0)
        }
        guard arguments.count >= 3 else { throw .usage(NewIntegration.help) }
        try NewIntegration(name: arguments[1], keys: Array(arguments.dropFirst(2)), tree: try .current()).run()
    case "rename":
        guard !wantsHelp else {
            print(RenameApp.help)
            exit(0)
        }
        guard arguments.count == 2 else { throw .usage(RenameApp.help) }
        try RenameApp(newName: arguments[1], tree: try .current()).run()
    case "-h", "--help", "help":
        print(usage)
    default:
        throw .usage(usage)
    }
} catch {
    let command = arguments.first == "rename" ? "rename-app" : (arguments.first ?? "template")
    printError("\(command): \(error.message)")
    exit(error.status)
}

import Foundation

/// The template's own tool: `new-integration`, `remove-integration`, `new-service`,
/// `remove-service` and `rename`, written in Swift so that it reads the app's code through the
/// modules it imports (the service list, the integration catalog, the protocols' requirements),
/// never by matching Swift text; it edits the tree at marked places and known lists. The scripts of
/// the same names run it.
let arguments = Array(CommandLine.arguments.dropFirst())
let usage = """
    Usage: swift run template <command> [arguments]

    Commands:
      new-integration <Name> <service> [<service> ...]   scaffold an integration (scripts/new-integration)
      remove-integration <Name>                          take an integration out (scripts/remove-integration)
      new-service <key> <Protocol>                       declare a written protocol as a service (scripts/new-service)
      remove-service <key>                               take a service out (scripts/remove-service)
      rename <NewName>                                   rename the app (scripts/rename-app)
    Run a command with --help for its own.
    """

/// Writes `message` to standard error, on a line of its own.
func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Prints `help` and exits 0 when it was asked for; throws it as a usage error when `arguments`
/// do not have `counts` elements (the command's name included).
func checkArguments(help: String, counts: some RangeExpression<Int>) throws(ToolFailure) {
    if arguments.dropFirst().contains(where: { $0 == "-h" || $0 == "--help" }) {
        print(help)
        exit(0)
    }
    guard counts.contains(arguments.count) else { throw .usage(help) }
}

do throws(ToolFailure) {
    switch arguments.first {
    case "new-integration":
        try checkArguments(help: NewIntegration.help, counts: 3...)
        try NewIntegration(name: arguments[1], keys: Array(arguments.dropFirst(2)), tree: try .current()).run()
    case "remove-integration":
        try checkArguments(help: RemoveIntegration.help, counts: 2...2)
        try RemoveIntegration(name: arguments[1], tree: try .current()).run()
    case "new-service":
        try checkArguments(help: NewService.help, counts: 3...3)
        try NewService(key: arguments[1], protocolName: arguments[2], tree: try .current()).run()
    case "remove-service":
        try checkArguments(help: RemoveService.help, counts: 2...2)
        try RemoveService(key: arguments[1], tree: try .current()).run()
    case "rename":
        try checkArguments(help: RenameApp.help, counts: 2...2)
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

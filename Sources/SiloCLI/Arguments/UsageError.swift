import CommandLineSupport

/// The command line was malformed; `silo` prints the message, the usage of the command (or of
/// `silo`) and where to read more, as swift-argument-parser does, and exits with status 64.
struct UsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in one sentence; it may quote what was typed (printing escapes it).
    let description: String
    /// The command whose usage to show, if known.
    let command: String?

    init(_ description: String, command: String? = nil) {
        self.description = description
        self.command = command
    }

    /// The message to print, what was typed escaped: `Error: …`, `Usage: …`, `See '… --help' …`.
    var message: UsageMessage {
        let spec = command.flatMap(CommandCatalog.command(named:))
        return UsageMessage(
            TerminalText.escaped(description), usage: (spec?.usageParts ?? HelpText.usage).joined(separator: " "),
            helpCommand: spec.map { "silo \($0.name) --help" } ?? "silo --help")
    }
}

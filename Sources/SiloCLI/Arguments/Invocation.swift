import CommandLineSupport

/// A command line taken apart: which command, its operands and options, and the global options.
///
/// Options may come before or after the command, as `--name value` or `--name=value`; `--` ends
/// the options, so what follows is an operand even when it starts with a dash (`silo post -- -h`
/// publishes "-h"). `-h`/`--help` anywhere before `--` asks for help instead of running anything.
struct Invocation: Equatable {
    /// The command; `tour` when none was given.
    var command: String = "tour"
    /// Whether the command was typed (`false` for a bare `silo`, which runs the tour).
    var namesCommand = false
    /// The positional arguments after the command.
    var operands: [String] = []
    /// The values of options that take one, by long name (the last one given wins).
    var values: [String: String] = [:]
    /// The flags given, by long name.
    var flags: Set<String> = []

    /// Whether help was asked for (`-h`, `--help`, or the `help` command).
    var wantsHelp: Bool { flags.contains("--help") || command == "help" }

    /// Takes `arguments` (without the program name) apart.
    ///
    /// - Throws: `UsageError` for an unknown command or option, an option without its value, an
    ///   option the command does not take, or an empty `--data-dir`.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var commandName: String?
        var options: [(name: String, value: String?)] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                if commandName == nil, let first = remaining.popFirst() { commandName = first }
                invocation.operands += remaining
                break
            }
            guard argument.hasPrefix("-"), argument.count > 1 else {
                if commandName == nil { commandName = argument } else { invocation.operands.append(argument) }
                continue
            }
            let (name, inlineValue) = split(argument)
            guard let takesValue = CommandCatalog.optionTakesValue(name) else {
                let known = CommandCatalog.optionNames(of: commandName)
                throw UsageError(
                    UsageMessage.suggesting("Unknown option '\(name)'", typed: name, among: known)
                        + " (text that starts with a dash goes after --)", command: commandName)
            }
            switch (takesValue, inlineValue) {
            case (true, let value?):
                options.append((name, value))
            case (true, nil):
                guard let value = remaining.popFirst() else {
                    throw UsageError("Missing value for '\(name)'", command: commandName)
                }
                options.append((name, value))
            case (false, nil):
                options.append((name, nil))
            case (false, _?):
                throw UsageError("The option '\(name)' does not take a value", command: commandName)
            }
        }
        if let commandName {
            guard CommandCatalog.command(named: commandName) != nil else {
                throw UsageError(
                    UsageMessage.suggesting(
                        "Unknown command '\(commandName)'", typed: commandName,
                        among: CommandCatalog.commands.map(\.name)))
            }
            invocation.command = commandName
            invocation.namesCommand = true
        }
        try invocation.apply(options)
        return invocation
    }

    /// Records `options`, checking each is global or one the command takes.
    private mutating func apply(_ options: [(name: String, value: String?)]) throws(UsageError) {
        let command = CommandCatalog.command(named: self.command)
        for (name, value) in options {
            let spec =
                CommandCatalog.globalOptions.first { $0.name == name || $0.shortName == name }
                ?? command?.option(named: name)
            guard let spec else {
                throw UsageError(
                    UsageMessage.suggesting(
                        "'silo \(self.command)' does not take '\(name)'", typed: name,
                        among: CommandCatalog.optionNames(of: self.command)),
                    command: self.command)
            }
            if let value {
                if spec.name == "--data-dir", value.isEmpty {
                    throw UsageError(
                        "The value '' is invalid for '--data-dir <path>': give a directory", command: self.command)
                }
                values[spec.name] = value
            } else {
                flags.insert(spec.name)
            }
        }
    }

    /// `--name=value` as `("--name", "value")`; anything else as `(argument, nil)`.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

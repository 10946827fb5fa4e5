/// One option a command (or every command) accepts.
struct OptionSpec: Sendable {
    /// The long name with its dashes, e.g. `"--limit"`.
    let name: String
    /// A one-letter alias, e.g. `"-v"`, or `nil`.
    let shortName: String?
    /// What the value is called in help (`"n"`), or `nil` for a flag that takes no value.
    let valueName: String?
    /// One sentence for the help text.
    let help: String
    /// Whether the command cannot run without it (`upload --title`): usage shows it unbracketed.
    let isRequired: Bool

    init(
        _ name: String, short shortName: String? = nil, value valueName: String? = nil,
        required isRequired: Bool = false,
        help: String
    ) {
        self.name = name
        self.shortName = shortName
        self.valueName = valueName
        self.isRequired = isRequired
        self.help = help
    }

    /// Whether the option is followed by a value (`--limit 5` or `--limit=5`).
    var takesValue: Bool { valueName != nil }

    /// `--limit <n>`, as usage lines show it.
    var usage: String { valueName.map { "\(name) <\($0)>" } ?? name }

    /// `-l, --limit <n>`, as help lists it.
    var label: String { (shortName.map { "\($0), " } ?? "") + usage }
}

/// One positional argument of a command.
struct OperandSpec: Sendable {
    /// What it is called in help, e.g. `"text"`.
    let name: String
    /// One sentence for the help text.
    let help: String
    /// Whether the command runs without it (`silo help` with no command): usage brackets it.
    var isOptional = false

    /// `<text>`, or `[<command>]` when optional, as usage lines show it.
    var usage: String { isOptional ? "[<\(name)>]" : "<\(name)>" }
}

/// A command of `silo`: its name, what it does, what it takes, and which services it uses.
///
/// The catalogue of these (`CommandCatalog`) is the one place the command line is described:
/// parsing, `silo help <command>`, `silo <command> --help` and the overview all read it.
struct CommandSpec: Sendable {
    /// The name typed after `silo`, e.g. `"feed"`.
    let name: String
    /// One line for the overview.
    let abstract: String
    /// More for the command's own help, or `nil`.
    let discussion: String?
    /// Its positional arguments, in order.
    let operands: [OperandSpec]
    /// Its own options (the global ones apply too).
    let options: [OptionSpec]

    init(
        _ name: String,
        abstract: String,
        discussion: String? = nil,
        operands: [OperandSpec] = [],
        options: [OptionSpec] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.operands = operands
        self.options = options
    }

    /// `silo feed [--limit <n>] [--after <cursor>] [--all]`, as help shows it.
    var usage: String { usageParts.joined(separator: " ") }

    /// The parts of `usage` that help keeps on one line each when it wraps: `silo`, the name, each
    /// operand, each option (bracketed unless required).
    var usageParts: [String] {
        let options = self.options.map { $0.isRequired ? $0.usage : "[\($0.usage)]" }
        return ["silo", name] + operands.map(\.usage) + options
    }

    /// The option called `name` (long or short), if this command takes it.
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.shortName == name }
    }
}

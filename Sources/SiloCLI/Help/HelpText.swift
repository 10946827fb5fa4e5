import App
import Services

/// The help texts, written from `CommandCatalog`, the services and the integrations' settings, and
/// wrapped to the terminal's width.
enum HelpText {
    /// The overview `silo --help` and `silo help` print.
    static func overview(width: Int) -> String {
        let commands = CommandCatalog.commands.map { ($0.name, $0.abstract) }
        let overrides = ServiceKind.allCases.map { service in
            let providers = IntegrationCatalog.providers(of: service)
            let current =
                ServiceProvider.defaultChoices[service]?.name ?? service.servedWith.map { "as \($0)" } ?? "none"
            return (
                AppConfiguration.variable(for: service),
                "Serve \(service) from another integration for this run: \(providers.joined(separator: ", ")) "
                    + "(default \(current))."
            )
        }
        let settings = IntegrationCatalog.settings.map { setting in (setting.environmentVariable, setting.help) }
        let environment =
            overrides + settings + [
                (SiloSession.Identity.variable, "The handle to act as (default silo_demo)."),
                (AppConfiguration.dataDirectoryVariable, "Where data lives, as --data-dir."),
                (AppConfiguration.verboseVariable, "Set to 1 for --verbose."),
                ("NO_COLOR", "Set to anything to print no bold text."),
            ]
        return [
            wrap("silo: the Silo sample app in a terminal.", width: width),
            "USAGE: silo [<command>] [<options>]",
            section("COMMANDS", commands, width: width),
            section("OPTIONS", CommandCatalog.globalOptions.map(row), width: width),
            section("ENVIRONMENT", environment, width: width),
            section(
                "EXIT STATUS",
                [
                    ("0", "Success."), ("1", "A service or an integration failed; one line on stderr says why."),
                    ("64", "The command line or the configuration is malformed."),
                    ("130, 143", "Interrupted by Ctrl-C (SIGINT) or SIGTERM, after cleaning up."),
                ], width: width),
            wrap("See 'silo help <command>' for more about a command.", width: width),
        ].joined(separator: "\n\n")
    }

    /// The help of one command, as `silo help <command>` and `silo <command> --help` print it.
    static func command(_ spec: CommandSpec, width: Int) -> String {
        var parts = [wrap(spec.abstract, width: width)]
        // Each part is one word for the wrap (its spaces made non-breaking), so `[--limit <n>]`
        // never splits across lines; continuation lines line up after "USAGE: ".
        let nonBreaking = spec.usageParts.map { $0.replacingOccurrences(of: " ", with: "\u{00A0}") }
        let usage = wrap(nonBreaking.joined(separator: " "), width: width, indent: 7).dropFirst(7)
        parts.append("USAGE: " + usage.replacingOccurrences(of: "\u{00A0}", with: " "))
        if let discussion = spec.discussion { parts.append(wrap(discussion, width: width)) }
        if !spec.operands.isEmpty {
            parts.append(section("ARGUMENTS", spec.operands.map { ("<\($0.name)>", $0.help) }, width: width))
        }
        if !spec.options.isEmpty { parts.append(section("OPTIONS", spec.options.map(row), width: width)) }
        parts.append(section("GLOBAL OPTIONS", CommandCatalog.globalOptions.map(row), width: width))
        return parts.joined(separator: "\n\n")
    }

    private static func row(_ option: OptionSpec) -> (String, String) {
        ((option.shortName.map { "\($0), " } ?? "") + option.usage, option.help)
    }

    /// A titled list of `(term, description)`, the descriptions aligned and wrapped to `width`.
    private static func section(_ title: String, _ rows: [(String, String)], width: Int) -> String {
        let termWidth = min(30, (rows.map(\.0.count).max() ?? 0) + 2)
        let indent = 2 + termWidth
        let lines = rows.map { term, description in
            let wrapped = wrap(description, width: width, indent: indent).dropFirst(indent)
            if term.count + 2 <= termWidth {
                return "  " + term + String(repeating: " ", count: termWidth - term.count) + wrapped
            }
            return "  " + term + "\n" + String(repeating: " ", count: indent) + wrapped
        }
        return ([title] + lines).joined(separator: "\n")
    }

    /// `text` broken into lines of at most `width` columns (at least 40), each starting with
    /// `indent` spaces; a word longer than the line stays whole.
    static func wrap(_ text: String, width: Int, indent: Int = 0) -> String {
        let limit = max(40, width) - indent
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > limit {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        let padding = String(repeating: " ", count: indent)
        return lines.map { padding + $0 }.joined(separator: "\n")
    }
}

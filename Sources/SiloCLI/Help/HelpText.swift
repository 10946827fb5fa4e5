import App
import CommandLineSupport
import Services

/// The help pages, written from `CommandCatalog`, the services and the integrations' settings, in
/// swift-argument-parser's layout (`HelpPage`) and wrapped to the terminal's width.
enum HelpText {
    /// The usage line of `silo` itself.
    static let usage = ["silo", "[<subcommand>]", "[<options>]"]

    /// The overview `silo --help` and `silo help` print.
    static func overview(width: Int) -> String {
        let subcommands = CommandCatalog.commands.map { command in
            HelpSection.Row(command.name == "tour" ? "tour (default)" : command.name, command.abstract)
        }
        return HelpPage(
            overview: "The Silo sample app in a terminal.",
            discussion: "Every command goes through a presenter, a use case and a service, as in an app; which "
                + "integration serves each service is yours to choose (ENVIRONMENT below).",
            usage: usage,
            sections: [
                HelpSection("OPTIONS", rows: CommandCatalog.globalOptions.map(row)),
                HelpSection("SUBCOMMANDS", rows: subcommands),
                HelpSection("ENVIRONMENT", rows: environment),
                HelpSection(
                    "EXIT STATUS",
                    rows: [
                        .init("0", "Success."),
                        .init("1", "A service or an integration failed; one line on stderr says why."),
                        .init("64", "The command line or the configuration is malformed."),
                        .init("130, 143", "Interrupted by Ctrl-C (SIGINT) or SIGTERM, after cleaning up."),
                    ]),
            ],
            footer: "See 'silo help <subcommand>' for detailed help."
        ).rendered(width: width)
    }

    /// The help of one command, as `silo help <command>` and `silo <command> --help` print it.
    static func command(_ spec: CommandSpec, width: Int) -> String {
        HelpPage(
            overview: spec.abstract, discussion: spec.discussion, usage: spec.usageParts,
            sections: [
                HelpSection("ARGUMENTS", rows: spec.operands.map { .init("<\($0.name)>", $0.help) }),
                HelpSection("OPTIONS", rows: (spec.options + CommandCatalog.globalOptions).map(row)),
            ]
        ).rendered(width: width)
    }

    private static func row(_ option: OptionSpec) -> HelpSection.Row {
        .init(option.label, option.help)
    }

    /// Every variable the app reads: a service's override, each integration's settings, and its own.
    private static var environment: [HelpSection.Row] {
        let overrides = ServiceKind.allCases.map { service in
            let providers = IntegrationCatalog.providers(of: service)
            let current =
                ServiceProvider.defaultChoices[service]?.name ?? service.servedWith.map { "as \($0)" } ?? "none"
            return HelpSection.Row(
                AppConfiguration.variable(for: service),
                "Serve \(service) from another integration for this run: \(providers.joined(separator: ", ")) "
                    + "(default \(current)).")
        }
        let settings = IntegrationCatalog.settings.map { HelpSection.Row($0.environmentVariable, $0.help) }
        return overrides + settings + [
            .init(SiloSession.Identity.variable, "The handle to act as (default silo_demo)."),
            .init(AppConfiguration.dataDirectoryVariable, "Where data lives, as --data-dir."),
            .init(AppConfiguration.verboseVariable, "Set to 1 for --verbose."),
            .init("NO_COLOR", "Set to anything to print no bold text."),
        ]
    }
}

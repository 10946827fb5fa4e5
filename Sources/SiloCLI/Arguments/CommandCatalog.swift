/// Every command `silo` knows and the options every command takes: the one description of the
/// command line, read by the parser and by every help text.
enum CommandCatalog {
    /// Options every command takes, before or after its name.
    static let globalOptions: [OptionSpec] = [
        OptionSpec("--data-dir", value: "path", help: "Where data lives (default ./.silo, or SILO_DATA_DIR)."),
        OptionSpec("--verbose", short: "-v", help: "Print the configuration and each use case with its duration."),
        OptionSpec("--version", help: "Show the version."),
        OptionSpec("--help", short: "-h", help: "Show help information."),
    ]

    static let limit = OptionSpec("--limit", value: "n", help: "How many to show per page, 1 to 100 (default 20).")
    static let after = OptionSpec(
        "--after", value: "cursor", help: "Start after this cursor, as printed at the end of the previous page.")
    static let all = OptionSpec("--all", help: "Show every page, not just the first.")
    // begin part of: authentication
    static let passwordStandardInput = OptionSpec(
        "--password-stdin",
        help: "Read the password as one line of standard input (for scripts), not from the terminal.")
    // end part of: authentication
    static let follow = OptionSpec(
        "--follow", short: "-f",
        help: "Keep going: show each post published or deleted from now on, from any terminal, until Ctrl-C (exit 0).")

    /// Every command, in the order the overview lists them.
    static let commands: [CommandSpec] = [
        CommandSpec(
            "tour",
            abstract: "A short guided tour of the whole stack, step by step (also: silo with no command).",
            discussion: "Every step goes through a presenter, a use case and a service, as in an app."),
        CommandSpec(
            "feed", abstract: "Your posts, newest first.",
            discussion: "With --follow, new posts print as they are published and deleted ones as \"Deleted <id>\"; "
                + "Ctrl-C stops following and exits 0.",
            options: [limit, after, all, follow]),
        CommandSpec(
            "post", abstract: "Publish a post.",
            discussion: "Text that starts with a dash goes after --: silo post -- -h publishes \"-h\".",
            operands: [OperandSpec(name: "text", help: "What to publish, up to 500 characters.")]),
        CommandSpec(
            "delete", abstract: "Delete one of your posts.",
            operands: [OperandSpec(name: "post-id", help: "The id printed when the post was published.")]),
        // begin part of: hosting
        CommandSpec(
            "upload", abstract: "Upload a video, wait until it is ready, and optionally post it.",
            discussion: "Ctrl-C cancels the upload and removes what it stored (exit status 130).",
            operands: [OperandSpec(name: "file", help: "The video file to upload.")],
            options: [
                OptionSpec("--title", value: "title", required: true, help: "The video's title."),
                OptionSpec("--post", value: "text", help: "Publish a post with this text and the video attached."),
            ]),
        // end part of: hosting
        // begin part of: library
        CommandSpec(
            "library", abstract: "Your saved videos, newest first.",
            discussion: "Videos still processing are checked with the host and updated.",  // part of: hosting
            options: [limit, after, all]),
        // end part of: library
        CommandSpec(
            "user", abstract: "Your user: who is signed in, or the demo user, created on first use.",
            discussion: "With nobody signed in, silo acts as SILO_USER (default silo_demo), made on first use."),
        // begin part of: authentication
        CommandSpec(
            "sign-up", abstract: "Make a new user with an account and sign in as them.",
            discussion: "Where the users service has passwords (the HTTP backend), asks for one of at least 8 "
                + "bytes on the terminal, without echo, or reads it with --password-stdin; never from an "
                + "argument or the environment.",
            operands: [OperandSpec(name: "handle", help: "3 to 30 letters, digits or underscores.")],
            options: [
                OptionSpec("--name", value: "name", help: "The display name (default: the handle)."),
                passwordStandardInput,
            ]),
        CommandSpec(
            "sign-in", abstract: "Sign in as an existing user; later commands act as them.",
            discussion: "Asks for the password where the users service has passwords, as sign-up does.",
            operands: [OperandSpec(name: "handle", help: "The user's handle, in any letter case.")],
            options: [passwordStandardInput]),
        CommandSpec("sign-out", abstract: "Sign out; later commands act as SILO_USER or the demo user again."),
        CommandSpec("whoami", abstract: "Who is signed in, if anyone."),
        // end part of: authentication
        // begin part of: OfflineFirst
        CommandSpec(
            "sync", abstract: "Send what waits to be sent and bring the server's changes down.",
            discussion: "For an integration that keeps a local copy (SILO_POSTS=offline-first). Prints what it "
                + "sent, what the server refused and what came down; exits 1 if anything was refused or the "
                + "server could not be reached."),
        // end part of: OfflineFirst
        CommandSpec(
            "integrations", abstract: "Which integration serves each service, and its health.",
            discussion: "Starts every integration and reports each one, failed ones included; exits 1 if a "
                + "required integration cannot serve."),
        CommandSpec(
            "help", abstract: "Show help for silo or for a command.",
            operands: [OperandSpec(name: "command", help: "The command to explain.", isOptional: true)]),
    ]

    /// The command called `name`.
    static func command(named name: String) -> CommandSpec? {
        commands.first { $0.name == name }
    }

    /// The long names of the options `command` takes (every command's when `nil`), globals included,
    /// for "did you mean" hints.
    static func optionNames(of command: String?) -> [String] {
        let options = command.flatMap(self.command(named:))?.options ?? commands.flatMap(\.options)
        return (options + globalOptions).map(\.name)
    }

    /// Whether option `name` takes a value, for any command or globally; `nil` when no command knows it.
    static func optionTakesValue(_ name: String) -> Bool? {
        (globalOptions + commands.flatMap(\.options)).first { $0.name == name || $0.shortName == name }?.takesValue
    }
}

/// One titled list of a help page: `ARGUMENTS:`, `OPTIONS:`, `SUBCOMMANDS:`, or one of the
/// program's own (`ENVIRONMENT:`).
public struct HelpSection: Sendable, Equatable {
    /// One entry: what is typed (`-v, --verbose`, `<file>`, `feed`), and what it does.
    public struct Row: Sendable, Equatable {
        /// What is typed.
        public var label: String
        /// One or two sentences on what it does.
        public var abstract: String

        /// A row of `label` and `abstract`.
        public init(_ label: String, _ abstract: String) {
            self.label = label
            self.abstract = abstract
        }
    }

    /// The heading, without its colon: `OPTIONS`.
    public var title: String
    /// The entries, in order.
    public var rows: [Row]

    /// A section titled `title` listing `rows`.
    public init(_ title: String, rows: [Row]) {
        self.title = title
        self.rows = rows
    }
}

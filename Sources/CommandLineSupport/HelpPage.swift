/// A program's or a command's help, laid out as swift-argument-parser lays it out, so a tool built
/// from this template reads like every other Swift command-line tool:
///
/// ```
/// OVERVIEW: Publish a post.
///
/// USAGE: silo post <text>
///
/// ARGUMENTS:
///   <text>                  What to publish, up to 500 characters.
///
/// OPTIONS:
///   -h, --help              Show help information.
/// ```
///
/// Headings end in a colon; labels are indented 2 and their abstracts start at column 26, a label
/// too long for that puts its abstract on the next line there; everything wraps to the width given.
public struct HelpPage: Sendable, Equatable {
    /// The column (from 0) every abstract starts at, as in swift-argument-parser.
    public static let abstractColumn = 26
    private static let labelIndent = 2

    /// The one-line summary after `OVERVIEW:`.
    public var overview: String
    /// Paragraphs after the overview, or `nil`.
    public var discussion: String?
    /// The usage line after `USAGE:`, as words kept whole when it wraps (`[--limit <n>]` is one).
    public var usage: [String]
    /// The lists, in order.
    public var sections: [HelpSection]
    /// A last line, indented 2: `See 'silo help <subcommand>' for detailed help.`
    public var footer: String?

    /// A help page.
    public init(
        overview: String, discussion: String? = nil, usage: [String], sections: [HelpSection], footer: String? = nil
    ) {
        self.overview = overview
        self.discussion = discussion
        self.usage = usage
        self.sections = sections
        self.footer = footer
    }

    /// The page wrapped to `width` columns (at least 40), without a trailing newline.
    public func rendered(width: Int) -> String {
        var parts = [TextWrapping.wrap("OVERVIEW: " + overview, width: width)]
        if let discussion { parts.append(TextWrapping.wrap(discussion, width: width)) }
        let words = usage.map { $0.replacing(" ", with: "\u{00A0}") }
        let usageIndent = "USAGE: ".count
        parts.append(
            "USAGE: "
                + TextWrapping.wrap(words.joined(separator: " "), width: width, indent: usageIndent).dropFirst(
                    usageIndent))
        for section in sections where !section.rows.isEmpty {
            parts.append(
                ([section.title + ":"] + section.rows.map { Self.row($0, width: width) }).joined(separator: "\n"))
        }
        if let footer { parts.append(TextWrapping.wrap(footer, width: width, indent: Self.labelIndent)) }
        return parts.joined(separator: "\n\n")
    }

    private static func row(_ row: HelpSection.Row, width: Int) -> String {
        let label = String(repeating: " ", count: labelIndent) + row.label
        let abstract = TextWrapping.wrap(row.abstract, width: width, indent: abstractColumn)
        guard label.count < abstractColumn else { return label + "\n" + abstract }
        return label + String(repeating: " ", count: abstractColumn - label.count) + abstract.dropFirst(abstractColumn)
    }
}

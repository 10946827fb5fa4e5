import CommandLineSupport

/// Text for the terminal in which every interpolated value is made safe to print.
///
/// Only the string literals written in this target reach the terminal as they are; a value that
/// comes from a store, a server, an error or the command line can only enter through string
/// interpolation, which escapes every control character (ESC, C1 controls, DEL, tabs, newlines)
/// and every bidirectional override or isolate as a visible `\u{1B}`, so a post or an argument can
/// never move the cursor, clear the screen or reorder what is shown.
///
/// ```swift
/// terminal.print("\(bold: user.displayName) \(user.handle)")
/// ```
struct TerminalText: ExpressibleByStringInterpolation, Sendable {
    /// One piece of text and whether it is emphasised.
    struct Segment: Sendable, Equatable {
        let text: String
        let isBold: Bool
    }

    private(set) var segments: [Segment] = []

    init(stringLiteral value: String) {
        segments = [Segment(text: value, isBold: false)]
    }

    init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
    }

    /// Text that is safe as it is: written by this target (help), or escaped already (by
    /// `escaped(_:)`). Never pass it a value from a store, a server, an error or the command line.
    init(verbatim text: String) {
        segments = [Segment(text: text, isBold: false)]
    }

    /// Builds the text from literals (kept) and values (escaped).
    struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []

        init(literalCapacity: Int, interpolationCount: Int) {}

        mutating func appendLiteral(_ literal: String) {
            segments.append(Segment(text: literal, isBold: false))
        }

        /// A value, escaped.
        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            segments.append(Segment(text: TerminalText.escaped(value.description), isBold: false))
        }

        /// A value, escaped and shown in bold where the terminal allows.
        mutating func appendInterpolation(bold value: some CustomStringConvertible) {
            segments.append(Segment(text: TerminalText.escaped(value.description), isBold: true))
        }

        /// Text that is already safe.
        mutating func appendInterpolation(_ text: TerminalText) {
            segments += text.segments
        }
    }

    /// The text with styles as escape sequences when `styled`, plain otherwise.
    func rendered(styled: Bool) -> String {
        segments.map { segment in
            styled && segment.isBold ? "\u{1B}[1m" + segment.text + "\u{1B}[0m" : segment.text
        }.joined()
    }

    /// The text without styles.
    var plain: String { rendered(styled: false) }

    /// `text` with every control character, line separator and bidirectional override or isolate
    /// written as a visible escape (`\n`, `\t`, `\u{1B}`, `\u{202E}`); everything else unchanged.
    static func escaped(_ text: String) -> String { VisibleEscapes.escaped(text) }
}

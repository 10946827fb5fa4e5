import Foundation
import Models

/// Inputs shared by the checks of several services, so a create and an update of the same field,
/// or two fields with the same rules, are tried with exactly the same values.
enum ContractInputs {
    /// A named sample, so a failure says which one was accepted.
    struct Sample: Sendable, CustomStringConvertible {
        let label: String
        let value: String

        var description: String { label }
    }

    /// Text every text field refuses: empty or invisible, control and bidirectional characters,
    /// and one character that is 80 KB (a base letter with 40,000 combining marks).
    static let invalidText: [Sample] = [
        Sample(label: "empty", value: ""),
        Sample(label: "spaces only", value: "   "),
        Sample(label: "whitespace and newlines only", value: "\n\t \n"),
        Sample(label: "zero-width characters only", value: "\u{200B}\u{200D}\u{2060}\u{FEFF}"),
        Sample(label: "a Hangul filler only", value: "\u{3164}"),
        Sample(label: "a right-to-left override", value: "abc\u{202E}fed"),
        Sample(label: "a directional isolate", value: "a\u{2066}b\u{2069}c"),
        Sample(label: "NUL", value: "nul\u{0}byte"),
        Sample(label: "a tab", value: "tab\there"),
        Sample(label: "a carriage return", value: "carriage\rreturn"),
        Sample(label: "BEL", value: "bell\u{7}"),
        Sample(label: "an escape sequence", value: "clear\u{1B}[2J"),
        Sample(label: "DEL", value: "del\u{7F}ete"),
        Sample(label: "one character of 80 KB", value: "e" + String(repeating: "\u{301}", count: 40_000)),
    ]

    /// Text a single-line field (display name, title) refuses besides `invalidText`: newlines,
    /// and one character more than `limit`, in letters and in multi-scalar emoji.
    static func invalidSingleLine(limit: Int) -> [Sample] {
        invalidText + [
            Sample(label: "a newline", value: "two\nlines"),
            Sample(label: "\(limit + 1) letters", value: String(repeating: "a", count: limit + 1)),
            Sample(label: "\(limit + 1) emoji families", value: String(repeating: "👩‍👩‍👧‍👦", count: limit + 1)),
        ]
    }

    /// Text of exactly `characters` characters and `bytes` UTF-8 bytes, built of letters with
    /// combining acute accents, so a field's character and byte limits can be met at once.
    ///
    /// Needs `bytes` ≥ `characters` and `bytes - characters` even (each accent is 2 bytes).
    /// Identifiers every store must refuse (`IdentifierRules`): empty, one byte over the limit,
    /// with a space, a NUL, a newline, a bidirectional override.
    static let invalidIdentifiers: [Sample] = [
        Sample(label: "empty", value: ""),
        Sample(label: "129 bytes", value: String(repeating: "x", count: IdentifierRules.byteLimit + 1)),
        Sample(label: "a space", value: "video 1"),
        Sample(label: "a NUL", value: "video\u{0}1"),
        Sample(label: "a newline", value: "video\n1"),
        Sample(label: "a bidirectional override", value: "video\u{202E}1"),
    ]

    /// An identifier exactly at the byte limit, unique per call: every store must accept it.
    static func identifierAtLimit() -> String {
        let unique = UUID().uuidString.lowercased()
        return unique + String(repeating: "x", count: IdentifierRules.byteLimit - unique.utf8.count)
    }

    static func text(characters: Int, bytes: Int) -> String {
        precondition(bytes >= characters && (bytes - characters).isMultiple(of: 2))
        let accents = (bytes - characters) / 2
        let perCharacter = accents / characters
        let extra = accents % characters
        var text = ""
        for index in 0..<characters {
            text += "e" + String(repeating: "\u{301}", count: perCharacter + (index < extra ? 1 : 0))
        }
        return text
    }
}

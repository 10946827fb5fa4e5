/// Makes text safe to print on a terminal: what a user typed, a server sent or a file held can
/// carry escape sequences that clear the screen, retitle the window or reverse the text around them.
public enum VisibleEscapes {
    /// `text` with every control character, line separator and bidirectional override or isolate
    /// written as a visible escape (`\n`, `\t`, `\u{1B}`, `\u{202E}`); everything else unchanged.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where needsEscape(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

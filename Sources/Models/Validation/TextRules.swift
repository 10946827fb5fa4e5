/// Shared rules for user-entered text: trimming, counting, size and forbidden characters.
///
/// Lengths are counted in `Character`s (extended grapheme clusters), so an emoji family built
/// from several scalars joined by U+200D counts as one, and "é" counts as one whether it is stored
/// precomposed (NFC) or decomposed (NFD). A character count alone does not bound size (one
/// `Character` can carry thousands of combining marks), so every field also has a limit in UTF-8
/// bytes. Text is stored as given apart from trimming: no Unicode normalisation is applied.
public enum TextRules {
    /// How many UTF-8 bytes a field allows per character of its length limit: generous for the
    /// longest emoji sequences in use (about 35 bytes), far below what a flood of combining marks needs.
    public static let bytesPerCharacter = 40

    /// Returns `text` without leading and trailing whitespace and newlines, after checking it.
    ///
    /// The trimmed text must:
    /// - not be empty, and contain at least one visible character (not only zero-width spaces,
    ///   joiners or other format and default-ignorable characters);
    /// - hold at most `byteLimit` UTF-8 bytes (by default `bytesPerCharacter` per allowed character);
    /// - contain no control characters (Unicode category Cc) other than those in `allowedControls`,
    ///   and no bidirectional embedding, override or isolate controls (U+202A–U+202E,
    ///   U+2066–U+2069), which can make text display in an order other than it is stored;
    /// - have between `limit.lowerBound` and `limit.upperBound` characters.
    ///
    /// - Throws: `ValidationError` naming `field` and the first rule the text breaks.
    public static func validated(
        _ text: String,
        field: String,
        limit: ClosedRange<Int>,
        byteLimit: Int? = nil,
        allowedControls: Set<Unicode.Scalar> = []
    ) throws(ValidationError) -> String {
        if let valid = validASCII(text, limit: limit, byteLimit: byteLimit, allowedControls: allowedControls) {
            return valid
        }
        let trimmed = trimmed(text)
        if trimmed.isEmpty {
            throw ValidationError(field: field, reason: "must not be empty or only whitespace")
        }
        let maximumBytes = byteLimit ?? limit.upperBound * bytesPerCharacter
        let bytes = trimmed.utf8.count
        if bytes > maximumBytes {
            throw ValidationError(field: field, reason: "must be at most \(maximumBytes) bytes of UTF-8, got \(bytes)")
        }
        if let scalar = trimmed.unicodeScalars.first(where: { isControl($0) && !allowedControls.contains($0) }) {
            throw ValidationError(field: field, reason: "must not contain the control character \(code(scalar))")
        }
        if let scalar = trimmed.unicodeScalars.first(where: isBidirectionalControl) {
            throw ValidationError(field: field, reason: "must not contain the bidirectional control \(code(scalar))")
        }
        if trimmed.unicodeScalars.allSatisfy(isInvisible) {
            throw ValidationError(field: field, reason: "must contain a visible character")
        }
        let count = trimmed.count
        if count < limit.lowerBound {
            throw ValidationError(field: field, reason: "must be at least \(limit.lowerBound) characters")
        }
        if count > limit.upperBound {
            throw ValidationError(field: field, reason: "must be at most \(limit.upperBound) characters, got \(count)")
        }
        return trimmed
    }

    /// `text` trimmed, when it is ASCII without a carriage return and passes every rule of
    /// `validated`; `nil` when it is not, or breaks a rule, and the full checks must decide. ASCII
    /// needs no Unicode property lookups (a store loading 10,000 posts checks 10,000 texts), and one
    /// byte is one character there (but for `\r\n`, which is why a carriage return goes the long way).
    private static func validASCII(
        _ text: String, limit: ClosedRange<Int>, byteLimit: Int?, allowedControls: Set<Unicode.Scalar>
    ) -> String? {
        let utf8 = text.utf8
        let isWhiteSpace = { (byte: UInt8) in byte == 0x20 || (0x09...0x0D).contains(byte) }
        guard
            utf8.allSatisfy({ byte in
                (0x20..<0x7F).contains(byte)
                    || (byte < 0x20 && byte != 0x0D && allowedControls.contains(Unicode.Scalar(byte)))
            }),
            utf8.contains(where: { (0x21..<0x7F).contains($0) }),
            let first = utf8.firstIndex(where: { !isWhiteSpace($0) }),
            let last = utf8.lastIndex(where: { !isWhiteSpace($0) })
        else { return nil }
        let count = utf8.distance(from: first, to: last) + 1
        guard count <= byteLimit ?? limit.upperBound * bytesPerCharacter, limit.contains(count) else { return nil }
        return String(text[first...last])
    }

    /// Removes leading and trailing whitespace and newlines (Unicode White_Space), keeping the
    /// inside of the text byte for byte.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) ?? first
        return String(scalars[first...last])
    }

    /// Whether `scalar` is a control character (general category Cc: U+0000–U+001F, U+007F–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// Whether `scalar` is a bidirectional embedding, override or isolate control (U+202A–U+202E,
    /// U+2066–U+2069). Direction *marks* (U+200E, U+200F) are allowed: they affect neighbours only.
    public static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Whether `scalar` shows nothing on its own: white space, a format character (category Cf,
    /// such as U+200B ZERO WIDTH SPACE or U+2060 WORD JOINER) or a default-ignorable code point
    /// (such as U+3164 HANGUL FILLER).
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
            || properties.generalCategory == .format
    }

    /// `"U+202E"`: how messages name a scalar without printing it.
    static func code(_ scalar: Unicode.Scalar) -> String {
        "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}

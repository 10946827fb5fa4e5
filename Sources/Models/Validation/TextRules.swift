/// Shared rules for user-entered text: trimming, counting and forbidden characters.
///
/// Lengths are counted in `Character`s (extended grapheme clusters), so an emoji family built
/// from several scalars joined by U+200D counts as one, and "é" counts as one whether it is stored
/// precomposed (NFC) or decomposed (NFD). Text is stored as given apart from trimming: no Unicode
/// normalisation is applied.
public enum TextRules {
    /// Returns `text` without leading and trailing whitespace and newlines, after checking that it
    /// has between `limit.lowerBound` and `limit.upperBound` characters and no control characters
    /// (Unicode category Cc) other than those in `allowedControls`.
    ///
    /// - Throws: `ValidationError` naming `field` when the trimmed text is empty, too long, or
    ///   contains a forbidden control character.
    public static func validated(
        _ text: String,
        field: String,
        limit: ClosedRange<Int>,
        allowedControls: Set<Unicode.Scalar> = []
    ) throws(ValidationError) -> String {
        let trimmed = trimmed(text)
        if trimmed.isEmpty {
            throw ValidationError(field: field, reason: "must not be empty or only whitespace")
        }
        if let scalar = trimmed.unicodeScalars.first(where: { isControl($0) && !allowedControls.contains($0) }) {
            let code = "U+" + String(scalar.value, radix: 16, uppercase: true)
            throw ValidationError(field: field, reason: "must not contain the control character \(code)")
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
}

/// Validation rules for users, shared by every integration.
public enum UserRules {
    /// The allowed display-name length in characters, after trimming.
    public static let displayNameLimit = 1...50

    /// The most UTF-8 bytes a display name may hold (2,000): see `TextRules.bytesPerCharacter`.
    public static let displayNameByteLimit = displayNameLimit.upperBound * TextRules.bytesPerCharacter

    /// Returns the trimmed display name.
    ///
    /// - Throws: `ValidationError` for `"displayName"` when it is empty or invisible, longer than 50
    ///   characters or 2,000 bytes, or contains a control character (newlines included) or a
    ///   bidirectional control (see `TextRules`).
    public static func validatedDisplayName(_ name: String) throws(ValidationError) -> String {
        try TextRules.validated(name, field: "displayName", limit: displayNameLimit, byteLimit: displayNameByteLimit)
    }
}

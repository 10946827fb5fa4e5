/// Validation rules for users, shared by every integration.
public enum UserRules {
    /// The allowed display-name length in characters, after trimming.
    public static let displayNameLimit = 1...50

    /// Returns the trimmed display name.
    ///
    /// - Throws: `ValidationError` for `"displayName"` when it is empty, longer than 50 characters,
    ///   or contains a control character (newlines included).
    public static func validatedDisplayName(_ name: String) throws(ValidationError) -> String {
        try TextRules.validated(name, field: "displayName", limit: displayNameLimit)
    }
}

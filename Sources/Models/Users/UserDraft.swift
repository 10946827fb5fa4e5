/// What the app knows about a user before the user service has created it.
///
/// A draft holds the text as the user typed it; `validated()` applies the rules, and every user
/// service calls it before storing anything.
public struct UserDraft: Hashable, Sendable, Codable {
    /// The requested handle, as typed.
    public var handle: String
    /// The requested display name, as typed.
    public var displayName: String

    /// Creates a draft from user-entered text.
    public init(handle: String, displayName: String) {
        self.handle = handle
        self.displayName = displayName
    }

    /// The draft's values after validation: a `Handle` and a trimmed display name.
    ///
    /// - Throws: `ValidationError` for `"handle"` or `"displayName"`.
    public func validated() throws(ValidationError) -> (handle: Handle, displayName: String) {
        let handle = try Handle(handle)
        let displayName = try UserRules.validatedDisplayName(displayName)
        return (handle, displayName)
    }
}

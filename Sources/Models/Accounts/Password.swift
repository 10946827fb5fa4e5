// scripts/remove-service deletes this file with the service it is part of: authentication
/// A password as the user typed it, checked against the length rules and never shown.
///
/// Its text is kept exactly as given (never trimmed or normalised: the user's password is what
/// they typed). `description` and `debugDescription` hide it, so a password printed by mistake, or
/// logged inside a value that holds it, shows as `Password(hidden)`.
public struct Password: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The fewest bytes of UTF-8 a new password may have.
    public static let minimumBytes = 8
    /// The most bytes of UTF-8 any password may have (the backend's limit on its field).
    public static let maximumBytes = 256

    /// The password, exactly as typed. Send it only to what checks it.
    public let text: String

    /// A password for signing in: any text of 1 to `maximumBytes` bytes (a wrong short password is
    /// then refused as wrong, not as invalid).
    ///
    /// - Throws: `ValidationError` for `"password"` when it is empty or too long.
    public init(_ text: String) throws(ValidationError) {
        let bytes = text.utf8.count
        guard bytes > 0 else { throw ValidationError(field: "password", reason: "must not be empty") }
        guard bytes <= Self.maximumBytes else {
            throw ValidationError(field: "password", reason: "must be at most \(Self.maximumBytes) bytes of UTF-8")
        }
        self.text = text
    }

    /// A password for a new account: `minimumBytes` to `maximumBytes` bytes of UTF-8.
    ///
    /// - Throws: `ValidationError` for `"password"` when it is shorter or longer.
    public static func new(_ text: String) throws(ValidationError) -> Password {
        let password = try Password(text)
        guard text.utf8.count >= minimumBytes else {
            throw ValidationError(field: "password", reason: "must be at least \(minimumBytes) bytes of UTF-8")
        }
        return password
    }

    /// `Password(hidden)`: never the text.
    public var description: String { "Password(hidden)" }

    /// `Password(hidden)`: never the text.
    public var debugDescription: String { description }
}

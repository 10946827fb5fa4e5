/// A typed identifier: `Identifier<Post>` and `Identifier<User>` are different types, so a post id
/// can never be passed where a user id is expected.
///
/// The raw value is opaque to the app. Services create identifiers; the app only stores, compares
/// and passes them back. Identifiers encode as a bare string in JSON (the standard library's
/// coding of a `RawRepresentable` with a `String` raw value).
public struct Identifier<Subject>: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The service-defined string form, stable across process launches.
    public let rawValue: String

    /// Wraps a raw identifier string without interpreting it.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Wraps a raw identifier string without interpreting it.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates an identifier from a string literal; handy in tests and previews.
    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    /// The raw value, so identifiers print as themselves in logs and messages.
    public var description: String { rawValue }
}

extension Identifier: Comparable {
    /// Orders identifiers by their raw string, the tie-breaker of every "newest first" listing.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

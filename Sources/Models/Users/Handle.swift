/// A user's unique handle: 3–30 ASCII letters, digits or underscores, stored lowercased.
///
/// Handles are case-insensitive: `Handle("Alice")` and `Handle("alice")` are equal, so a store
/// that keeps `rawValue` gets uniqueness across cases for free.
public struct Handle: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The allowed length in characters.
    public static let lengthLimit = 3...30

    /// The lowercased handle, as stored and compared.
    public let rawValue: String

    /// Validates `text` and stores it lowercased.
    ///
    /// Surrounding whitespace is not trimmed: a handle is an identifier, and `" alice"` is a typo
    /// the user should see.
    /// - Throws: `ValidationError` for field `"handle"` when the length or a character is not allowed.
    public init(_ text: String) throws(ValidationError) {
        let count = text.unicodeScalars.count
        guard Self.lengthLimit.contains(count) else {
            throw ValidationError(
                field: "handle",
                reason: "must be \(Self.lengthLimit.lowerBound)–\(Self.lengthLimit.upperBound) characters, got \(count)"
            )
        }
        if let bad = text.unicodeScalars.first(where: { !Self.isAllowed($0) }) {
            throw ValidationError(
                field: "handle",
                reason: "may contain only ASCII letters, digits and '_', found \"\(Character(bad))\""
            )
        }
        rawValue = text.lowercased()
    }

    /// Creates a handle from a stored value, or `nil` when `rawValue` breaks the handle rules.
    public init?(rawValue: String) {
        guard let handle = try? Handle(rawValue) else { return nil }
        self = handle
    }

    /// Decodes and validates a handle.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the lowercased handle as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// `"@alice"`: the handle as a user sees it.
    public var description: String { "@" + rawValue }

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
        default: false
        }
    }
}

/// An opaque position in a paginated listing, handed out by a service with a page.
///
/// Only the service that produced a cursor can interpret it; the app passes it back unchanged to
/// get the next page. Services reject a cursor they did not produce, or one from another listing,
/// with an invalid-input error.
public struct Cursor: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The service-defined encoding.
    public let rawValue: String

    /// Wraps a cursor string received from a service.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Decodes the cursor from a single string value.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes the cursor as a single string value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw cursor string.
    public var description: String { rawValue }
}

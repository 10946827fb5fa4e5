/// An opaque position in a paginated listing, handed out by a service with a page.
///
/// Only the service that produced a cursor can interpret it; the app passes it back unchanged to
/// get the next page. Services reject a cursor they did not produce, or one from another listing,
/// with an invalid-input error. A cursor encodes as a bare string in JSON.
public struct Cursor: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The service-defined encoding.
    public let rawValue: String

    /// Wraps a cursor string received from a service.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The raw cursor string.
    public var description: String { rawValue }
}

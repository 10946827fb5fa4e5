/// A credential that never shows up in logs: its description, debug description and reflection
/// print `<redacted>`.
///
/// Read the value only where it is handed to the integration that needs it.
public struct Secret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    private let value: String

    /// Wraps `value`.
    public init(_ value: String) {
        self.value = value
    }

    /// The credential itself: pass it to the integration, never to a log.
    public func reveal() -> String { value }

    /// `"<redacted>"`.
    public var description: String { "<redacted>" }

    /// `"<redacted>"`.
    public var debugDescription: String { "<redacted>" }

    /// A mirror without children, so `dump` and string interpolation of containers stay redacted.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

/// A rule in Models rejected a value: names the field and says why, in words a user can act on.
///
/// Services turn it into `ServiceError.invalidInput(field:reason:)` at their boundary, so every
/// integration reports the same field names and reasons.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The name of the rejected field, e.g. `"text"`, `"handle"`, `"pageSize"`.
    public let field: String
    /// Why the value was rejected, e.g. `"must be at most 500 characters"`.
    public let reason: String

    /// Creates an error for `field` with a human-readable `reason`.
    public init(field: String, reason: String) {
        self.field = field
        self.reason = reason
    }

    /// `"<field>: <reason>"`.
    public var description: String { "\(field): \(reason)" }
}

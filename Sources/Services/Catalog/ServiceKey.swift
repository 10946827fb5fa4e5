/// A typed name for one service in a `ServiceSet`: `.posts` is a `ServiceKey<any PostService>`,
/// so what comes out of a set is the service protocol, never a cast.
public struct ServiceKey<Service: Sendable>: Sendable, Hashable {
    /// The service this key names.
    public let kind: ServiceKind

    /// Creates a key; use the static key each service declares beside its protocol (`.posts`,
    /// `.users`, ...).
    public init(_ kind: ServiceKind) {
        self.kind = kind
    }
}

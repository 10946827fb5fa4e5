/// The services one integration provides, each under its typed key.
///
/// An integration vends its set (`Integration.services`); the composition root picks one service
/// from whichever set configuration chose, and contract fixtures make their subjects from a set.
/// A value type; safe to share.
public struct ServiceSet: Sendable {
    private var entries: [ServiceKind: any Sendable] = [:]

    /// An empty set.
    public init() {}

    /// The set with `service` added under `key`, replacing any service there.
    public func adding<Service>(_ key: ServiceKey<Service>, _ service: Service) -> ServiceSet {
        var set = self
        set.entries[key.kind] = service
        return set
    }

    /// The service under `key`, or `nil` when the set has none.
    public func service<Service>(_ key: ServiceKey<Service>) -> Service? {
        entries[key.kind] as? Service
    }

    /// Which services the set holds.
    public var kinds: Set<ServiceKind> { Set(entries.keys) }
}

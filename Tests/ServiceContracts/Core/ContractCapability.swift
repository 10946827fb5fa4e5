/// Something a contract check needs from a fixture beyond a fresh service.
///
/// A fixture declares what it can do; checks that need more are filtered out of its case list
/// and reported as cancelled by `ContractReport.cancelUnsupported(_:for:)`.
public enum ContractCapability: String, Hashable, Sendable, CaseIterable, Comparable {
    /// The fixture can close the service and open it again on the same data (stores on disk).
    case reopen
    /// The fixture can advance the service's clock (video hosts simulate processing time).
    case controlledClock
    /// The fixture can count what the service holds in its own storage (to prove nothing was left).
    case storageInspection

    /// Orders capabilities by name, for stable messages.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

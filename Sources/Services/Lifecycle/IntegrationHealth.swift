/// Whether an integration can serve requests, as reported by `Integration.health()`.
public enum IntegrationHealth: Hashable, Sendable, CustomStringConvertible {
    /// Not started yet.
    case notStarted
    /// Started and serving.
    case healthy
    /// Serving with reduced function (e.g. a remote backend that is offline); `reason` says what is missing.
    case degraded(reason: String)
    /// Cannot serve; `reason` says why.
    case failed(reason: String)
    /// Stopped after a successful start.
    case stopped

    /// Whether requests can be served now (healthy or degraded).
    public var isServing: Bool {
        switch self {
        case .healthy, .degraded: true
        case .notStarted, .failed, .stopped: false
        }
    }

    /// A short word, with the reason where there is one: `"healthy"`, `"degraded: offline"`.
    public var description: String {
        switch self {
        case .notStarted: "not started"
        case .healthy: "healthy"
        case .degraded(let reason): "degraded: \(reason)"
        case .failed(let reason): "failed: \(reason)"
        case .stopped: "stopped"
        }
    }
}

import Services

/// An integration's health as its lifecycle moves it: not started, healthy after a start, failed
/// with the start's error, stopped after a successful start.
///
/// Integrations keep one and answer `health()` from it, adding what only they can see (a storage
/// directory that vanished, damage found in a file). An actor: safe from any task.
public actor LifecycleHealth {
    /// The health as the lifecycle left it.
    public private(set) var current: IntegrationHealth = .notStarted

    /// Starts as `.notStarted`.
    public init() {}

    /// Records a successful start.
    public func started() {
        current = .healthy
    }

    /// Records a failed start, with its error as the reason.
    public func failed(_ error: ServiceError) {
        current = .failed(reason: error.description)
    }

    /// Records a stop: `.stopped` after a successful start; a failed or missing start is kept as it was.
    public func stopped() {
        if current.isServing { current = .stopped }
    }
}

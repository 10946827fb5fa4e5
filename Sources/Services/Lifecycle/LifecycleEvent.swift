/// An app lifecycle event that the `IntegrationsManager` forwards to every integration.
public enum LifecycleEvent: String, Hashable, Sendable, CaseIterable {
    /// The app is about to be suspended: flush pending writes and checkpoints now.
    case didEnterBackground
    /// The app is active again: reconnect or refresh what went stale.
    case willEnterForeground
    /// Memory is low: drop caches that can be rebuilt.
    case didReceiveMemoryWarning
}

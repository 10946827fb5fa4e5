/// A silo around one third-party dependency (a database, a backend, a vendor SDK), driven by the
/// app's `IntegrationsManager`.
///
/// `IntegrationsManager` calls `start()` once before any of the integration's services is used, forwards
/// app lifecycle events, asks for `health()` at any time, and calls `stop()` once at shutdown, in
/// reverse start order. Implementations must tolerate `stop()` without a successful `start()`, and
/// `handle(_:)` or `health()` in any state.
public protocol Integration: Sendable {
    /// A short, stable, human-readable name used in messages and health reports, e.g. `"SQLite"`.
    var name: String { get }

    /// The services it provides, under their keys; they serve between `start()` and `stop()`.
    var services: ServiceSet { get }

    /// Opens what the integration needs (files, databases, connections) and checks it is usable.
    ///
    /// - Throws: a `ServiceError` saying what is wrong, e.g. `.corruptData` naming a file that
    ///   cannot be read. A failed start leaves existing data untouched.
    func start() async throws(ServiceError)

    /// Flushes pending work and releases every resource. Safe to call more than once.
    func stop() async

    /// Reacts to an app lifecycle event, e.g. flushing writes when the app enters the background.
    func handle(_ event: LifecycleEvent) async

    /// Reports whether the integration can serve requests now.
    func health() async -> IntegrationHealth
}

import Foundation

/// The wall clock the backend's stores stamp `createdAt` with.
///
/// With test controls on, a request may carry `Silo-Test-Now: <milliseconds since 1970>` and is
/// served at that instant, so contract tests decide ties and order instead of the real clock.
enum BackendClock {
    /// The instant the current request is served at, when a test set one.
    @TaskLocal static var override: Date?

    /// The override when there is one, else the real time.
    @Sendable static func now() -> Date {
        override ?? Date()
    }
}

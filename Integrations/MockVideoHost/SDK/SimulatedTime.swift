/// The SDK's view of its injected clock: time elapsed since the client was made, and sleeping.
///
/// The configuration holds an `any Clock<Duration>`; opening the existential once, in a generic
/// helper, keeps the clock's own `Instant` type captured in two closures, so the rest of the SDK
/// only ever deals in `Duration`.
struct SimulatedTime: Sendable {
    private let elapsedBody: @Sendable () -> Duration
    private let sleepBody: @Sendable (Duration) async throws -> Void

    /// Starts measuring on `clock` now.
    init(clock: any Clock<Duration>) {
        self = Self.opening(clock)
    }

    private init(
        elapsed: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        elapsedBody = elapsed
        sleepBody = sleep
    }

    private static func opening<C: Clock<Duration>>(_ clock: C) -> SimulatedTime {
        let start = clock.now
        return SimulatedTime(
            elapsed: { start.duration(to: clock.now) },
            sleep: { duration in try await clock.sleep(until: clock.now.advanced(by: duration), tolerance: nil) }
        )
    }

    /// The time elapsed on the clock since this value was made.
    var elapsed: Duration { elapsedBody() }

    /// Suspends for `duration` on the clock; returns at once for zero or less.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while sleeping.
    func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return }
        try await sleepBody(duration)
    }
}

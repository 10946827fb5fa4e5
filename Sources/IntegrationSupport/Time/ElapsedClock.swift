/// Time elapsed on an injected clock since this value was made, with the clock's type opened once.
///
/// Configurations hold an `any Clock<Duration>` (a `ManualClock` in tests); opening the
/// existential here keeps the rest of an integration free of generics: it only deals in durations.
public struct ElapsedClock: Sendable {
    private let read: @Sendable () -> Duration
    private let sleepUntil: @Sendable (Duration) async throws -> Void

    /// Starts measuring on `clock` now.
    public init(clock: any Clock<Duration>) {
        (read, sleepUntil) = Self.open(clock)
    }

    private static func open<C: Clock<Duration>>(
        _ clock: C
    ) -> (@Sendable () -> Duration, @Sendable (Duration) async throws -> Void) {
        let start = clock.now
        return (
            { start.duration(to: clock.now) },
            { elapsed in try await clock.sleep(until: start.advanced(by: elapsed), tolerance: nil) }
        )
    }

    /// The time elapsed since `init`.
    public var elapsed: Duration { read() }

    /// Suspends for `duration` on the clock; returns at once for zero or less.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while sleeping.
    public func sleep(for duration: Duration) async throws {
        guard duration > .zero else { return }
        try await sleepUntil(elapsed + duration)
    }

    /// Suspends until `elapsed` reaches `deadline` on the clock; returns at once when it has.
    ///
    /// The deadline is an instant of the clock, not a duration from whenever the sleep begins: a
    /// clock advanced (by a test) between reading `elapsed` and sleeping cannot push it later.
    /// - Throws: `CancellationError` when the task is cancelled while sleeping.
    public func sleep(untilElapsed deadline: Duration) async throws {
        guard deadline > elapsed else { return }
        try await sleepUntil(deadline)
    }

    /// A task that calls `fire` once `duration` has passed on the clock from now, unless it is
    /// cancelled first: an attempt's deadline.
    public func timer(after duration: Duration, fire: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        let end = elapsed + duration
        return Task {
            guard (try? await sleep(untilElapsed: end)) != nil else { return }
            fire()
        }
    }
}

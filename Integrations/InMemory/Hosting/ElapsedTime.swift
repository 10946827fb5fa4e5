/// Time elapsed on an injected clock since this value was made.
///
/// Opening the `any Clock<Duration>` once here keeps the rest of the host free of generics: it
/// only ever compares durations.
struct ElapsedTime: Sendable {
    private let read: @Sendable () -> Duration

    init(clock: some Clock<Duration>) {
        let start = clock.now
        read = { start.duration(to: clock.now) }
    }

    /// The time elapsed since `init`.
    var current: Duration { read() }
}

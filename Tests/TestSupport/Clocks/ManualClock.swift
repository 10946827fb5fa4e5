/// A clock that stands still until a test moves it with `advance(by:)`.
///
/// Sleepers resume, in deadline order, as soon as an advance reaches their deadline; a cancelled
/// sleeper throws `CancellationError` at once. Safe to use from any task.
public final class ManualClock: Clock, Sendable {
    /// A point on the manual timeline: the time advanced since the clock was created.
    public struct Instant: InstantProtocol {
        /// The time between the clock's creation and this instant.
        public let offset: Duration

        /// Creates the instant `offset` after the clock's creation.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` is earlier than `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    private struct Sleeper {
        let id: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Sleeper] = []
        var version = 0
    }

    private let state = Locked(State())
    /// The clock's reading and the deadlines of the parked sleepers, for the waits below; updated
    /// after every change.
    private let parked = AwaitableState<(version: Int, now: Instant, deadlines: [Instant])>(
        (0, Instant(offset: .zero), []))

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant; changes only through `advance(by:)`.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: the manual clock has no granularity.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks sleeping on this clock, for tests that wait until a sleeper is parked.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until at least `count` tasks sleep on this clock: the code under test has parked
    /// on it and moving the clock is what it waits for.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled first; `HangGuard.Hang`
    ///   when no task parks (the code under test never reached its wait).
    public func waitForSleepers(_ count: Int = 1) async throws {
        try await waitForParked("\(count) sleeper(s) on the manual clock") { $0.deadlines.count >= count }
    }

    /// Suspends until the number of tasks sleeping on this clock satisfies `isWanted` (`{ $0 == 0 }`:
    /// every sleeper has been resumed or cancelled).
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled first; `HangGuard.Hang`
    ///   when the count never satisfies `isWanted`.
    public func waitForSleeperCount(_ isWanted: @escaping @Sendable (Int) -> Bool) async throws {
        try await waitForParked("the awaited number of sleepers on the manual clock") { isWanted($0.deadlines.count) }
    }

    /// Suspends until a task sleeps on this clock with a deadline at most `window` from now: tells
    /// a short wait (a retry's backoff) from a long one parked at the same time (a deadline).
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled first; `HangGuard.Hang`
    ///   when no such sleeper parks.
    public func waitForSleeper(dueWithin window: Duration) async throws {
        try await waitForParked("a sleeper on the manual clock due within \(window)") { state in
            state.deadlines.contains { state.now.duration(to: $0) <= window }
        }
    }

    /// Waits until `isMet` holds for the parked sleepers, under `HangGuard`: code under test that
    /// never parks fails the test naming `waitingFor`, instead of holding the run.
    private func waitForParked(
        _ waitingFor: String, _ isMet: @escaping @Sendable ((version: Int, now: Instant, deadlines: [Instant])) -> Bool
    ) async throws {
        try await HangGuard.run(waitingFor) { [parked] in
            _ = try await parked.wait(until: isMet)
        }
    }

    /// Publishes the sleepers for the waits; a snapshot older than the one published is dropped,
    /// so two threads publishing at once never leave a stale one.
    private func publishSleeperCount() {
        let snapshot = state.withLock { state in
            state.version += 1
            return (state.version, state.now, state.sleepers.map(\.deadline))
        }
        parked.update { if snapshot.0 > $0.version { $0 = snapshot } }
    }

    /// Suspends until the clock has been advanced to `deadline` or past it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while sleeping.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { state in
                    if deadline <= state.now || Task.isCancelled { return true }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return false
                }
                if resumeNow { continuation.resume() } else { publishSleeperCount() }
            }
            try Task.checkCancellation()
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
            publishSleeperCount()
        }
    }

    /// Moves the clock forward by `duration` and resumes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [Sleeper] in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            state.sleepers.removeAll { $0.deadline <= now }
            return due
        }
        publishSleeperCount()
        for sleeper in due {
            sleeper.continuation.resume()
        }
    }
}

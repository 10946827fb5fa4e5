import Foundation

/// The time the server's timeouts are measured on: the system's monotonic clock, or, for tests, a
/// manual clock that moves only when told to (`POST /_test/clock`), so a test of an idle or
/// request timeout decides when it fires instead of hoping a duration is long enough.
///
/// `@unchecked Sendable` is safe: `offset`, `onAdvance` and `sleepers` are only touched while
/// holding `lock`, and continuations are resumed after it is released.
final class ServerClock: @unchecked Sendable {
    private let start = ContinuousClock.now
    private let isManual: Bool
    private let lock = NSLock()
    private var offset: Duration = .zero
    private var onAdvance: (@Sendable () -> Void)?
    private var sleepers: [UUID: (deadline: Duration, continuation: CheckedContinuation<Void, Never>)] = [:]

    private init(isManual: Bool) {
        self.isManual = isManual
    }

    /// The system's monotonic clock.
    static func system() -> ServerClock { ServerClock(isManual: false) }

    /// A clock standing at zero until `advance(by:)` moves it.
    static func manual() -> ServerClock { ServerClock(isManual: true) }

    /// Whether the clock moves only when told to: the server then waits for events without a timeout.
    var movesOnlyWhenTold: Bool { isManual }

    /// The time since the clock was made.
    var now: Duration {
        guard isManual else { return ContinuousClock.now - start }
        return lock.withLock { offset }
    }

    /// Moves a manual clock forward by `duration` and tells the server to look at its deadlines.
    /// Does nothing to the system clock.
    func advance(by duration: Duration) {
        guard isManual else { return }
        let (notify, due) = lock.withLock { () -> ((@Sendable () -> Void)?, [CheckedContinuation<Void, Never>]) in
            offset += duration
            let due = sleepers.filter { $0.value.deadline <= offset }
            for id in due.keys { sleepers[id] = nil }
            return (onAdvance, due.values.map(\.continuation))
        }
        for sleeper in due { sleeper.resume() }
        notify?()
    }

    /// Returns once `duration` has passed on this clock (on a manual clock, once `advance(by:)` has
    /// moved it that far), or as soon as the task is cancelled.
    func sleep(for duration: Duration) async {
        guard isManual else {
            try? await Task.sleep(for: duration)
            return
        }
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let waits = lock.withLock { () -> Bool in
                    guard duration > .zero, !Task.isCancelled else { return false }
                    sleepers[id] = (offset + duration, continuation)
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { sleepers.removeValue(forKey: id)?.continuation }?.resume()
        }
    }

    /// Sets what `advance(by:)` calls after moving the clock (the server's wake-up).
    func whenAdvanced(_ action: @escaping @Sendable () -> Void) {
        lock.withLock { onAdvance = action }
    }
}

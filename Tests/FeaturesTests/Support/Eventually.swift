import TestSupport
import Testing

/// Waits until `condition` holds, however long that takes on a loaded machine; records an issue at
/// the caller only when it has not held after `HangGuard.limit` (a hang, not a slow machine).
///
/// For state that offers nothing to await (a presenter's published properties): it checks,
/// yields, and after a hundred checks sleeps a millisecond between checks so a waiting test does
/// not keep a thread of the pool busy. The outcome never depends on how long anything took.
@discardableResult
func eventually(
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    let start = ContinuousClock.now
    var checks = 0
    while true {
        if await condition() { return true }
        if ContinuousClock.now - start > HangGuard.limit {
            Issue.record(comment ?? "Condition never became true (hung)", sourceLocation: sourceLocation)
            return false
        }
        checks += 1
        if checks < 100 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// Advances `clock` by `step` whenever `sleepers` tasks sleep on it (everything the code under test
/// waits on at once, so it is idle), until `condition` holds; records an issue at the caller when
/// that has not happened after `HangGuard.limit`.
@discardableResult
func advance(
    _ clock: ManualClock,
    by step: Duration = .seconds(1),
    whenSleeping sleepers: Int = 1,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    until condition: () async -> Bool
) async -> Bool {
    let start = ContinuousClock.now
    while ContinuousClock.now - start <= HangGuard.limit {
        let parked = await eventually("Nothing slept on the clock", sourceLocation: sourceLocation) {
            await condition() || clock.sleeperCount >= sleepers
        }
        guard parked else { return false }
        if await condition() { return true }
        clock.advance(by: step)
    }
    Issue.record("Condition never became true while the clock kept moving (hung)", sourceLocation: sourceLocation)
    return false
}

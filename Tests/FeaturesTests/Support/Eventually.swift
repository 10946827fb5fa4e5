import TestSupport
import Testing

/// Waits until `condition` holds, yielding between checks, for at most `maxSteps` checks; records
/// an issue at the caller when it never holds.
@discardableResult
func eventually(
    _ comment: Comment? = nil,
    maxSteps: Int = 5_000,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    _ condition: () async -> Bool
) async -> Bool {
    for step in 0..<maxSteps {
        if await condition() { return true }
        if step < 100 {
            await Task.yield()
        } else {
            // Give the other threads real time: a bounded poll, not a sleep the result relies on.
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
    Issue.record(comment ?? "Condition never became true", sourceLocation: sourceLocation)
    return false
}

/// Advances `clock` by `step` whenever `sleepers` tasks sleep on it (everything the code under test
/// waits on at once, so it is idle), until `condition` holds or `maxSteps` advances were made;
/// records an issue at the caller when it never holds.
@discardableResult
func advance(
    _ clock: ManualClock,
    by step: Duration = .seconds(1),
    whenSleeping sleepers: Int = 1,
    maxSteps: Int = 1_000,
    sourceLocation: SourceLocation = #_sourceLocation,
    isolation: isolated (any Actor)? = #isolation,
    until condition: () async -> Bool
) async -> Bool {
    for _ in 0..<maxSteps {
        let parked = await eventually("Nothing slept on the clock", sourceLocation: sourceLocation) {
            await condition() || clock.sleeperCount >= sleepers
        }
        guard parked else { return false }
        if await condition() { return true }
        clock.advance(by: step)
    }
    Issue.record("Condition never became true within \(maxSteps) clock steps", sourceLocation: sourceLocation)
    return false
}

import TestSupport

/// A barrier a stub command waits on until the test opens it, so a test controls when a use case
/// finishes. Waiting ignores cancellation on purpose: it lets a test check that a cancelled use
/// case's late result is dropped.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var arrivals = 0
    }

    private let state = Locked(State())

    /// How many waits have begun.
    var arrivals: Int { state.withLock { $0.arrivals } }

    /// Suspends until `open()` (returns at once when already open).
    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                state.arrivals += 1
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Lets every current and future waiter through.
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }
}

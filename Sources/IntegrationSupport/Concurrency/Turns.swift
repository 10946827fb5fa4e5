/// One turn at a time: for an actor whose operations read its state, await another actor, then
/// write, and so must not interleave (an actor runs another call at every `await`).
///
/// `inTurn(_:)` runs a body holding the turn. Turns are not reentrant: a body that asks the same
/// `Turns` for a turn waits for itself for ever.
public actor Turns {
    private var isTaken = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var waitingObserver: (@Sendable (Int) -> Void)?

    /// Creates turns nobody holds.
    public init() {}

    /// Returns when the caller holds the turn: at once when nobody does, else after every caller
    /// that asked before it has given it back.
    private func take() async {
        guard isTaken else {
            isTaken = true
            return
        }
        await withCheckedContinuation { continuation in
            waiting.append(continuation)
            waitingObserver?(waiting.count)
        }
    }

    /// Tells `observer` how many callers wait each time one more starts waiting: how a test knows
    /// a caller is queued behind the turn, instead of hoping the scheduler got it there.
    func observeWaiting(_ observer: @escaping @Sendable (Int) -> Void) {
        waitingObserver = observer
    }

    /// Gives the turn to the next caller waiting, or frees it.
    private func give() {
        if waiting.isEmpty {
            isTaken = false
        } else {
            waiting.removeFirst().resume()
        }
    }

    /// Runs `body` on the caller's actor holding the turn, and gives it back whether `body`
    /// returns or throws.
    public func inTurn<Value, Failure: Error>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        await take()
        do {
            let value = try await body()
            await give()
            return value
        } catch {
            await give()
            throw error
        }
    }
}

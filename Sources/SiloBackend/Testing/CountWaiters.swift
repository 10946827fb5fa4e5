/// Callers waiting for a count to reach theirs (requests held, long-polls waiting), or to drop
/// below it, so a test acts only once the server is where it wants it. Kept by the actor that
/// owns the count, which calls `resume(reached:)` whenever the count changes.
struct CountWaiters {
    /// Where a caller wants the count.
    enum Goal {
        /// At least this many.
        case atLeast(Int)
        /// Fewer than this many.
        case fewerThan(Int)

        func isMet(by count: Int) -> Bool {
            switch self {
            case .atLeast(let wanted): count >= wanted
            case .fewerThan(let bound): count < bound
            }
        }
    }

    private var waiters: [(goal: Goal, continuation: CheckedContinuation<Void, Never>)] = []

    /// Keeps `continuation` until the count reaches `count`.
    mutating func add(_ count: Int, _ continuation: CheckedContinuation<Void, Never>) {
        add(.atLeast(count), continuation)
    }

    /// Keeps `continuation` until the count meets `goal`.
    mutating func add(_ goal: Goal, _ continuation: CheckedContinuation<Void, Never>) {
        waiters.append((goal, continuation))
    }

    /// Resumes everyone whose goal the count `current` meets.
    mutating func resume(reached current: Int) {
        let ready = waiters.filter { $0.goal.isMet(by: current) }
        waiters.removeAll { $0.goal.isMet(by: current) }
        for waiter in ready { waiter.continuation.resume() }
    }
}

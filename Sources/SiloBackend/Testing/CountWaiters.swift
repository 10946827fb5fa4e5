/// Callers waiting for a count to reach theirs (requests held, long-polls waiting), so a test
/// acts only once the server is where it wants it. Kept by the actor that owns the count.
struct CountWaiters {
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Keeps `continuation` until the count reaches `count`.
    mutating func add(_ count: Int, _ continuation: CheckedContinuation<Void, Never>) {
        waiters.append((count, continuation))
    }

    /// Resumes everyone waiting for `current` or less.
    mutating func resume(reached current: Int) {
        let ready = waiters.filter { $0.count <= current }
        waiters.removeAll { $0.count <= current }
        for waiter in ready { waiter.continuation.resume() }
    }
}

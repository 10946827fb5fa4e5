/// Waits for something a service promises to reach eventually (an observation released after
/// cancellation) when it offers nothing to await: reads until the promised value comes, and fails
/// only when it has not after `HangGuard.limit` (a hang), so a defect fails the check instead of
/// hanging it and a loaded machine never fails a correct service.
enum ContractWaits {
    /// Reads `read` until it returns `target` or the hang limit passes; returns the last reading.
    static func value<T: Equatable>(
        of read: () async throws -> T,
        reaches target: T,
        within limit: Duration = ObservationWaits.deadline
    ) async throws -> T {
        let end = ContinuousClock.now.advanced(by: limit)
        var reads = 0
        while true {
            let current = try await read()
            if current == target || ContinuousClock.now >= end { return current }
            reads += 1
            // A pause between reads after the first hundred, so the wait leaves the pool's threads
            // to the work it waits for; the outcome never depends on its length.
            if reads < 100 { await Task.yield() } else { try await Task.sleep(for: .milliseconds(1)) }
        }
    }
}

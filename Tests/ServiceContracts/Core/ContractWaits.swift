/// Waits with a deadline for something a service promises to reach eventually (an observation
/// released after cancellation), so a defect fails the check instead of hanging it.
enum ContractWaits {
    /// Reads `read` until it returns `target` or `limit` passes; returns the last reading.
    static func value<T: Equatable>(
        of read: () async throws -> T,
        reaches target: T,
        within limit: Duration = .seconds(5)
    ) async throws -> T {
        let end = ContinuousClock.now.advanced(by: limit)
        while true {
            let current = try await read()
            if current == target || ContinuousClock.now >= end { return current }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}

import Services

extension ServiceObservation where Value: Equatable {
    /// Observes `read`: reads it once, then again after each change `signal` reports, delivering
    /// each value that differs from the one before.
    ///
    /// It subscribes before the first read, so a change committed while reading is never missed.
    /// Reads are at least `minimumInterval` apart: the first change after a quiet spell is read at
    /// once, and the changes of a burst inside the interval are read together at its end, so a busy
    /// store is not slowed by its observers. A failed read fails the observation.
    public static func refreshing(
        on signal: ChangeSignal,
        minimumInterval: Duration = .zero,
        read: @escaping @Sendable () async throws(ServiceError) -> Value
    ) -> ServiceObservation {
        ServiceObservation { continuation in
            var changes = signal.subscribe().makeAsyncIterator()
            var last: Value?
            var lastRead = ContinuousClock.now
            do throws(ServiceError) {
                while !Task.isCancelled {
                    if last != nil {
                        guard await changes.next() != nil else { return }
                        let wait = lastRead.advanced(by: minimumInterval) - ContinuousClock.now
                        if wait > .zero { try? await Task.sleep(for: wait) }
                        guard !Task.isCancelled else { return }
                    }
                    lastRead = ContinuousClock.now
                    let value = try await read()
                    if value != last {
                        continuation.yield(value)
                        last = value
                    }
                }
            } catch {
                continuation.fail(error)
            }
        }
    }
}

/// Releases its parties only once `parties` tasks are waiting at the same time.
actor Barrier {
    private let parties: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(parties: Int) {
        self.parties = parties
    }

    func arriveAndWait() async {
        await withCheckedContinuation { continuation in
            waiters.append(continuation)
            guard waiters.count >= parties else { return }
            for waiter in waiters {
                waiter.resume()
            }
            waiters.removeAll()
        }
    }
}

/// Counts how many commands run at once and remembers the highest count seen.
final class ConcurrencyProbe: Sendable {
    private let counts = Locked((current: 0, maximum: 0))

    var maximum: Int { counts.current.maximum }

    func enter() {
        counts.withLock { counts in
            counts.current += 1
            counts.maximum = max(counts.maximum, counts.current)
        }
    }

    func leave() {
        counts.withLock { $0.current -= 1 }
    }
}

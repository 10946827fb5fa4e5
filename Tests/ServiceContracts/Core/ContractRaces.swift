import TestSupport

/// How the race checks make operations overlap.
enum ContractRaces {
    /// How many rounds a race check runs: a lost write or a second winner has that many chances to
    /// show, and the planted defects are caught in every run (`ServiceContractsTests`).
    static let rounds = 5

    /// Runs `count` operations at once and returns their results in index order.
    ///
    /// Every operation waits at a start line until all `count` tasks are running, then all start
    /// together: they overlap on the service whatever the machine's load, instead of running one
    /// after another when the first finishes before the last is scheduled. The first error
    /// cancels the rest and is rethrown.
    static func concurrently<Result: Sendable>(
        _ count: Int,
        _ operation: @escaping @Sendable (Int) async throws -> Result
    ) async throws -> [Result] {
        let startLine = StartLine(runners: count)
        return try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            for index in 0..<count {
                group.addTask {
                    await startLine.arrive()
                    return (index, try await operation(index))
                }
            }
            var results: [Int: Result] = [:]
            for try await (index, result) in group {
                results[index] = result
            }
            return (0..<count).compactMap { results[$0] }
        }
    }
}

/// Holds tasks until `runners` of them have arrived, then releases them all at once.
private final class StartLine: Sendable {
    private let state: Locked<(arrived: Int, waiting: [CheckedContinuation<Void, Never>])>
    private let runners: Int

    init(runners: Int) {
        self.runners = runners
        state = Locked((0, []))
    }

    func arrive() async {
        await withCheckedContinuation { continuation in
            let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.arrived += 1
                state.waiting.append(continuation)
                guard state.arrived == runners else { return [] }
                defer { state.waiting.removeAll() }
                return state.waiting
            }
            for waiter in released { waiter.resume() }
        }
    }
}

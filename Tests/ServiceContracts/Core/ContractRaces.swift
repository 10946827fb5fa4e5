import TestSupport

/// How the race checks make operations overlap.
enum ContractRaces {
    /// How many rounds a race check runs: a lost write or a second winner has that many chances to
    /// show, and the planted defects are caught in every run (`ServiceContractsTests`).
    static let rounds = 5

    /// How many rounds the uniqueness checks run, and how many creates race in each.
    static let uniquenessRounds = 10
    static let uniquenessRacers = 10

    /// Runs `count` operations at once and returns their results in index order.
    ///
    /// Every operation waits at a start line until all `count` tasks are running, then all start
    /// together: they overlap on the service whatever the machine's load, instead of running one
    /// after another when the first finishes before the last is scheduled.
    ///
    /// All of them run on one thread of their own (a `ThreadExecutor`) that takes their steps in
    /// turn: each operation's first call to the service is made before any operation's second,
    /// because a task's next step waits behind every other task's current one. So a rule checked
    /// in one call and enforced in the next (a handle looked up, then inserted) is broken in every
    /// round, however short the window between the two calls and however loaded the machine,
    /// instead of only when two threads happen to meet inside it. The first error cancels the rest
    /// and is rethrown.
    static func concurrently<Result: Sendable>(
        _ count: Int,
        _ operation: @escaping @Sendable (Int) async throws -> Result
    ) async throws -> [Result] {
        let startLine = StartLine(runners: count)
        let racers = ThreadExecutor(name: "contract racers")
        defer { racers.shutDown() }
        return try await withThrowingTaskGroup(of: (Int, Result).self) { group in
            for index in 0..<count {
                let body: @Sendable () async throws -> (Int, Result) = {
                    await startLine.arrive()
                    return (index, try await operation(index))
                }
                if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
                    group.addTask(executorPreference: racers, operation: body)
                } else {
                    group.addTask(operation: body)
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

import Commands

/// 1,000 concurrent identical commands with a coalescing key against the same 1,000 without one.
struct CoalescingSuite: BenchmarkSuite {
    let name = "Coalescing"
    var callers = 1_000
    var limit = 4

    func run() async throws -> [BenchmarkRow] {
        let benchmark = Benchmark(repetitions: 3)
        let unkeyedExecutions = Locked(0)
        let keyedExecutions = Locked<[Int]>([])

        let unkeyed = try await benchmark.median {
            let command = Self.simulatedFetch(key: nil, gate: nil)
            try await runConcurrently(command, queue: CommandQueue(maxConcurrentCommands: limit))
            unkeyedExecutions.set(command.executionCount)
        }
        let keyed = try await benchmark.median {
            let queue = CommandQueue(maxConcurrentCommands: limit)
            let gate = Gate()
            let command = Self.simulatedFetch(key: "feed", gate: gate)
            try await runConcurrently(command, queue: queue) {
                // Hold the execution until every caller has joined it, so all of them overlap.
                while await queue.coalescedCallerCount < callers {
                    await Task.yield()
                }
                await gate.open()
            }
            keyedExecutions.update { $0.append(command.executionCount) }
        }

        let counts = keyedExecutions.value
        let allOnce = counts.allSatisfy { $0 == 1 }
        return [
            BenchmarkRow(
                benchmark: name,
                baseline: "\(unkeyedExecutions.value) executions, \(formatted(unkeyed.milliseconds, digits: 2)) ms",
                subject: "\(counts.last ?? 0) execution, \(formatted(keyed.milliseconds, digits: 2)) ms",
                ratio: "\(formatted(keyed.nanoseconds / unkeyed.nanoseconds, digits: 3))x time",
                notes: "\(callers) concurrent callers, limit \(limit), each execution sleeps 1 ms"
                    + (allOnce ? "" : "; WARNING: keyed executions per repetition \(counts)")
            )
        ]
    }

    /// A command standing in for a network fetch: waits for `gate` (if any), then sleeps 1 ms.
    private static func simulatedFetch(key: String?, gate: Gate?) -> ClosureCommand<Int> {
        ClosureCommand(coalescingKey: key) {
            await gate?.wait()
            try await Task.sleep(for: .milliseconds(1))
            return 1
        }
    }

    /// Runs `command` from `callers` concurrent tasks, calling `whileRunning` once they are started.
    private func runConcurrently(
        _ command: ClosureCommand<Int>,
        queue: CommandQueue,
        whileRunning: @escaping @Sendable () async -> Void = {}
    ) async throws {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<callers {
                group.addTask { try await queue.run(command) }
            }
            await whileRunning()
            let total = try await group.reduce(0, +)
            blackHole(total)
        }
    }
}

/// A command whose work is a closure, counting its executions: what the coalescing rows measure
/// the queue with.
private struct ClosureCommand<Output: Sendable>: Command {
    let coalescingKey: String?
    let body: @Sendable () async throws -> Output
    private let executions = Locked(0)

    init(coalescingKey: String?, body: @escaping @Sendable () async throws -> Output) {
        self.coalescingKey = coalescingKey
        self.body = body
    }

    /// How many times the command has run.
    var executionCount: Int { executions.value }

    func execute() async throws -> Output {
        executions.update { $0 += 1 }
        return try await body()
    }
}

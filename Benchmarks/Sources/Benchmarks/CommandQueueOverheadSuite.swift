import Commands

/// The cost of running a trivial command through a `CommandQueue` instead of calling it directly.
struct CommandQueueOverheadSuite: BenchmarkSuite {
    let name = "CommandQueue overhead"
    var runs = 100_000

    func run() async throws -> [BenchmarkRow] {
        let benchmark = Benchmark()
        let queue = CommandQueue(maxConcurrentCommands: 4)
        let runs = self.runs

        let direct = try await benchmark.median {
            var sum = 0
            for index in 0..<runs {
                sum &+= try await IncrementCommand(value: index).execute()
            }
            blackHole(sum)
        }
        let queued = try await benchmark.median {
            var sum = 0
            for index in 0..<runs {
                sum &+= try await queue.run(IncrementCommand(value: index))
            }
            blackHole(sum)
        }

        let directPerCall = direct.nanoseconds / Double(runs)
        let queuedPerCall = queued.nanoseconds / Double(runs)
        return [
            BenchmarkRow(
                benchmark: name,
                baseline: "\(formatted(directPerCall)) ns/call",
                subject: "\(formatted(queuedPerCall)) ns/call",
                ratio: "\(formatted(queuedPerCall / directPerCall))x time",
                notes: "\(runs) sequential runs of a trivial async command; baseline calls execute() directly"
            )
        ]
    }
}

/// Adds one to its input; the addition sits behind a non-inlined async call so it is not folded away.
private struct IncrementCommand: Command {
    let value: Int

    func execute() async throws -> Int {
        await increment(value)
    }
}

@inline(never)
private func increment(_ value: Int) async -> Int {
    value &+ 1
}

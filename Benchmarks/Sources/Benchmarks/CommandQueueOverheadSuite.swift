import Commands

/// The cost of running a trivial command through a `CommandQueue` instead of calling it directly.
struct CommandQueueOverheadSuite: BenchmarkSuite {
    let name = "CommandQueue overhead"
    var runs = 100_000

    func run() async throws -> [BenchmarkRow] {
        let queue = CommandQueue(maxConcurrentCommands: 4)
        let runs = self.runs
        let clock = ContinuousClock()
        // Rounds alternate the two, so a change of CPU speed during the run (this shared machine
        // has two) moves both medians alike instead of one.
        var directSamples: [Duration] = []
        var queuedSamples: [Duration] = []
        for _ in 0..<9 {
            directSamples.append(
                try await clock.measure {
                    var sum = 0
                    for index in 0..<runs {
                        sum &+= try await IncrementCommand(value: index).execute()
                    }
                    blackHole(sum)
                })
            queuedSamples.append(
                try await clock.measure {
                    var sum = 0
                    for index in 0..<runs {
                        sum &+= try await queue.run(IncrementCommand(value: index))
                    }
                    blackHole(sum)
                })
        }
        let direct = median(directSamples)
        let queued = median(queuedSamples)

        let directPerCall = direct.nanoseconds / Double(runs)
        let queuedPerCall = queued.nanoseconds / Double(runs)
        return [
            BenchmarkRow(
                benchmark: name,
                baseline: "\(formatted(directPerCall)) ns/call",
                subject: "\(formatted(queuedPerCall)) ns/call",
                ratio: "\(formatted(queuedPerCall / directPerCall))x time",
                notes: "\(runs) sequential runs of a trivial async command, median of 9 alternating rounds; "
                    + "baseline calls execute() directly; target ≤ 250 ns"
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

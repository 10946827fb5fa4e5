import Commands
import TestSupport
import Testing

@Suite("CommandQueue concurrency limit")
struct CommandQueueLimitTests {
    @Test("1,000 commands with a limit of 4 run at most 4 at once, reach 4, and all complete")
    func limitIsRespectedAndReached() async throws {
        // Given: commands that count how many run at once; the first four wait until all four
        // run together, so a queue that serialises everything never gets past them.
        let queue = CommandQueue(maxConcurrentCommands: 4)
        let probe = ConcurrencyProbe()
        let barrier = Barrier(parties: 4)
        let commands = (0..<1_000).map { index in
            TestCommand<Int> {
                probe.enter()
                if index < 4 {
                    await barrier.arriveAndWait()
                } else {
                    await Task.yield()
                }
                probe.leave()
                return index
            }
        }

        // When
        let completed = try await bounded {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for command in commands {
                    group.addTask { try await queue.run(command) }
                }
                return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
        }

        // Then
        #expect(completed == Set(0..<1_000))
        #expect(probe.maximum == 4)
        #expect(await queue.runningCount == 0)
    }

    @Test("With a limit of 1, waiting commands start in the order they were submitted")
    func waitersStartInSubmissionOrder() async throws {
        // Given: the only slot is held, and ten commands are queued one after another.
        let queue = CommandQueue(maxConcurrentCommands: 1)
        let gate = Gate()
        let started = Locked<[Int]>([])
        let blocker = Task { try await queue.run(TestCommand<Void> { await gate.wait() }) }
        try await waitUntil { await queue.runningCount == 1 }
        var waiters: [Task<Void, any Error>] = []
        for index in 0..<10 {
            waiters.append(Task { try await queue.run(TestCommand<Void> { started.withLock { $0.append(index) } }) })
            try await waitUntil { await queue.waitingCount == index + 1 }
        }

        // When
        await gate.open()
        for task in [blocker] + waiters {
            try await result(of: task).get()
        }

        // Then
        #expect(started.current == Array(0..<10))
    }
}

import Commands
import TestSupport
import Testing

@Suite("CommandQueue cancellation")
struct CommandQueueCancellationTests {
    @Test("A caller cancelled while waiting for a slot gets CancellationError and its command never runs")
    func cancelledWaiterNeverRuns() async throws {
        // Given: the only slot is held and a second command waits for it.
        let queue = CommandQueue(maxConcurrentCommands: 1)
        let gate = Gate()
        let blocker = Task { try await queue.run(TestCommand<Void> { await gate.wait() }) }
        try await waitUntil { await queue.runningCount == 1 }
        let waiting = TestCommand(returning: 1)
        let waiter = Task { try await queue.run(waiting) }
        try await waitUntil { await queue.waitingCount == 1 }

        // When: the waiter is cancelled while the slot is still held.
        waiter.cancel()
        let outcome = try await result(of: waiter)

        // Then: it leaves at once, and even after the slot frees up its command never runs.
        #expect(isCancellation(outcome))
        #expect(await queue.waitingCount == 0)
        await gate.open()
        try await result(of: blocker).get()
        _ = try await queue.run(TestCommand(returning: 2))
        #expect(waiting.executionCount == 0)
    }

    @Test("Cancellations racing with releases leave no slot held and no caller waiting")
    func cancellationRacesLeaveNothingBehind() async throws {
        // Given: a queue of two slots and 400 callers, every other one cancelled while it may be
        // taking a slot, waiting for one, or being handed one.
        let queue = CommandQueue(maxConcurrentCommands: 2)
        let ran = Locked(0)
        let callers = (0..<400).map { index in
            Task {
                try await queue.run(
                    TestCommand<Int> {
                        ran.withLock { $0 += 1 }
                        await Task.yield()
                        return index
                    })
            }
        }

        // When
        for (index, caller) in callers.enumerated() where index.isMultiple(of: 2) {
            caller.cancel()
        }
        var finished = 0
        for caller in callers {
            _ = try await result(of: caller)
            finished += 1
        }

        // Then: every caller ended, nothing is held or waiting, and the queue still serves.
        #expect(finished == 400)
        #expect(ran.current >= 200)
        #expect(await queue.runningCount == 0)
        #expect(await queue.waitingCount == 0)
        #expect(try await queue.run(TestCommand(returning: 7)) == 7)
    }

    @Test("A caller cancelled before calling run never executes its command", arguments: [nil, "key"] as [String?])
    func preCancelledCallerNeverRuns(key: String?) async throws {
        // Given
        let queue = CommandQueue(maxConcurrentCommands: 2)
        let gate = Gate()
        let command = TestCommand(returning: 1, coalescingKey: key)
        let caller = Task {
            await gate.wait()
            return try await queue.run(command)
        }

        // When: the caller is cancelled before it reaches the queue.
        caller.cancel()
        await gate.open()
        let outcome = try await result(of: caller)

        // Then
        #expect(isCancellation(outcome))
        #expect(command.executionCount == 0)
        #expect(await queue.coalescedCallerCount == 0)
    }

    @Test("A running command without a key sees its caller's cancellation")
    func runningCommandSeesCallerCancellation() async throws {
        // Given: a command that runs until its task is cancelled and reports whether it was.
        let queue = CommandQueue(maxConcurrentCommands: 2)
        let command = TestCommand<Bool> {
            await suspendUntilCancelled()
            return Task.isCancelled
        }
        let caller = Task { try await queue.run(command) }
        try await waitUntil { command.executionCount == 1 }

        // When
        caller.cancel()

        // Then
        #expect(try await result(of: caller).get() == true)
        #expect(await queue.runningCount == 0)
    }
}

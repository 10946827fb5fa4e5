import Commands
import TestSupport
import Testing

private struct StubError: Error, Equatable {}

/// Two command types that use the same key, to show keys are scoped by type.
private struct FirstKeyedCommand: Command {
    let inner: TestCommand<Int>
    var coalescingKey: String? { inner.coalescingKey }
    func execute() async throws -> Int { try await inner.execute() }
}

private struct SecondKeyedCommand: Command {
    let inner: TestCommand<Int>
    var coalescingKey: String? { inner.coalescingKey }
    func execute() async throws -> Int { try await inner.execute() }
}

@Suite("CommandQueue coalescing")
struct CommandQueueCoalescingTests {
    /// Starts `count` callers running `command` and waits until all of them share one execution.
    private func startCallers<C: Command>(
        _ count: Int, running command: C, on queue: CommandQueue
    ) async throws -> [Task<C.Output, any Error>] {
        let callers = (0..<count).map { _ in Task { try await queue.run(command) } }
        try await waitUntil { await queue.coalescedCallerCount == count }
        return callers
    }

    @Test("100 concurrent commands with the same key execute once and all callers get the result")
    func sameKeyExecutesOnce() async throws {
        // Given
        let queue = CommandQueue(maxConcurrentCommands: 4)
        let gate = Gate()
        let command = TestCommand(coalescingKey: "feed") {
            await gate.wait()
            return 42
        }
        let callers = try await startCallers(100, running: command, on: queue)

        // When
        await gate.open()
        var results: [Int] = []
        for caller in callers {
            results.append(try await result(of: caller).get())
        }

        // Then
        #expect(results == Array(repeating: 42, count: 100))
        #expect(command.executionCount == 1)
    }

    @Test("100 concurrent commands with the same key share one error")
    func sameKeySharesTheError() async throws {
        // Given
        let queue = CommandQueue(maxConcurrentCommands: 4)
        let gate = Gate()
        let command = TestCommand<Int>(coalescingKey: "feed") {
            await gate.wait()
            throw StubError()
        }
        let callers = try await startCallers(100, running: command, on: queue)

        // When
        await gate.open()
        var errors: [StubError] = []
        for caller in callers {
            if case .failure(let error as StubError) = try await result(of: caller) {
                errors.append(error)
            }
        }

        // Then
        #expect(errors.count == 100)
        #expect(command.executionCount == 1)
    }

    @Test("Cancelling one of several coalesced callers leaves the others with the result")
    func cancellingOneCallerKeepsTheExecution() async throws {
        // Given: three callers share an execution that is running.
        let queue = CommandQueue(maxConcurrentCommands: 2)
        let gate = Gate()
        let sawCancellation = Locked(false)
        let command = TestCommand(coalescingKey: "profile") {
            await gate.wait()
            sawCancellation.withLock { $0 = Task.isCancelled }
            return 7
        }
        let callers = try await startCallers(3, running: command, on: queue)
        try await waitUntil { command.executionCount == 1 }

        // When
        callers[0].cancel()
        let cancelled = try await result(of: callers[0])
        try await waitUntil { await queue.coalescedCallerCount == 2 }
        await gate.open()

        // Then
        #expect(isCancellation(cancelled))
        #expect(try await result(of: callers[1]).get() == 7)
        #expect(try await result(of: callers[2]).get() == 7)
        #expect(sawCancellation.current == false)
        #expect(command.executionCount == 1)
    }

    @Test("Cancelling every coalesced caller cancels the shared execution")
    func cancellingAllCallersCancelsTheExecution() async throws {
        // Given: three callers share an execution that runs until it is cancelled.
        let queue = CommandQueue(maxConcurrentCommands: 2)
        let sawCancellation = Locked(false)
        let command = TestCommand(coalescingKey: "upload") {
            await suspendUntilCancelled()
            sawCancellation.withLock { $0 = Task.isCancelled }
            return 1
        }
        let callers = try await startCallers(3, running: command, on: queue)
        try await waitUntil { command.executionCount == 1 }

        // When
        for caller in callers {
            caller.cancel()
        }

        // Then
        for caller in callers {
            #expect(isCancellation(try await result(of: caller)))
        }
        try await waitUntil { sawCancellation.current }
        try await waitUntil { await queue.runningCount == 0 }
        #expect(await queue.coalescedCallerCount == 0)
    }

    @Test("After a coalesced execution finishes, the same key executes again")
    func keyIsFreeAfterCompletion() async throws {
        // Given
        let queue = CommandQueue(maxConcurrentCommands: 2)
        let command = TestCommand(returning: 1, coalescingKey: "settings")
        _ = try await queue.run(command)

        // When
        _ = try await queue.run(command)

        // Then
        #expect(command.executionCount == 2)
    }

    @Test("Commands of different types with the same key do not share an execution")
    func keysAreScopedByType() async throws {
        // Given: both commands block until released, so a shared execution would leave one unrun.
        let queue = CommandQueue(maxConcurrentCommands: 2)
        let gate = Gate()
        let first = TestCommand(coalescingKey: "same") {
            await gate.wait()
            return 1
        }
        let second = TestCommand(coalescingKey: "same") {
            await gate.wait()
            return 2
        }
        let firstCaller = Task { try await queue.run(FirstKeyedCommand(inner: first)) }
        let secondCaller = Task { try await queue.run(SecondKeyedCommand(inner: second)) }

        // When
        try await waitUntil { first.executionCount == 1 && second.executionCount == 1 }
        await gate.open()

        // Then
        #expect(try await result(of: firstCaller).get() == 1)
        #expect(try await result(of: secondCaller).get() == 2)
    }
}

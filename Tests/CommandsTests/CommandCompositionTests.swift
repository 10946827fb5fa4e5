import Commands
import TestSupport
import Testing

/// Adds numbers by running one child command per number through the same queue.
private struct SumThroughQueueCommand: Command {
    let queue: CommandQueue
    let children: [TestCommand<Int>]

    func execute() async throws -> Int {
        try await withThrowingTaskGroup(of: Int.self) { group in
            for child in children {
                group.addTask { try await queue.run(child) }
            }
            return try await group.reduce(0, +)
        }
    }
}

/// Adds numbers by executing its child commands directly.
private struct SumDirectlyCommand: Command {
    let children: [any Command<Int>]

    func execute() async throws -> Int {
        var sum = 0
        for child in children {
            sum += try await child.execute()
        }
        return sum
    }
}

@Suite("Command composition")
struct CommandCompositionTests {
    @Test("A command can run child commands through the queue that runs it")
    func childrenRunThroughTheSameQueue() async throws {
        // Given: a limit of 2, so the children share the slot the parent does not hold.
        let queue = CommandQueue(maxConcurrentCommands: 2)
        let children = [1, 2, 3, 4].map { TestCommand(returning: $0) }
        let parent = SumThroughQueueCommand(queue: queue, children: children)

        // When
        let sum = try await bounded { try await queue.run(parent) }

        // Then
        #expect(sum == 10)
        #expect(children.map(\.executionCount) == [1, 1, 1, 1])
    }

    @Test("A command can execute child commands directly, even on a queue with one slot")
    func childrenExecuteDirectly() async throws {
        // Given
        let queue = CommandQueue(maxConcurrentCommands: 1)
        let parent = SumDirectlyCommand(children: [TestCommand(returning: 5), TestCommand(returning: 6)])

        // When
        let sum = try await bounded { try await queue.run(parent) }

        // Then
        #expect(sum == 11)
    }
}

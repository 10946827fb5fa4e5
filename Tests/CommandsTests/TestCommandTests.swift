import Commands
import TestSupport
import Testing

private struct StubError: Error, Equatable {}

/// What production code does: a factory that hands out the abstract command type.
private struct GreetingFactory: Sendable {
    let makeGreeting: @Sendable (String) -> any Command<String>
}

@Suite("TestCommand")
struct TestCommandTests {
    @Test("executionCount counts every execution, shared by copies of the command")
    func countsExecutions() async throws {
        // Given
        let command = TestCommand(returning: 3)
        let copy = command

        // When
        _ = try await command.execute()
        _ = try await copy.execute()
        _ = try await CommandQueue(maxConcurrentCommands: 1).run(command)

        // Then
        #expect(command.executionCount == 3)
        #expect(copy.executionCount == 3)
    }

    @Test("A TestCommand that throws is counted and throws its error")
    func throwsItsError() async throws {
        // Given
        let command = TestCommand<Int>(throwing: StubError())

        // When / Then
        await #expect(throws: StubError()) { try await command.execute() }
        #expect(command.executionCount == 1)
    }

    @Test("A factory returning any Command can be stubbed with a TestCommand")
    func substitutesForAFactoryProduct() async throws {
        // Given
        let stub = TestCommand(returning: "hello, stub")
        let factory = GreetingFactory { _ in stub }
        let queue = CommandQueue(maxConcurrentCommands: 1)

        // When
        let greeting = try await queue.run(factory.makeGreeting("ada"))

        // Then
        #expect(greeting == "hello, stub")
        #expect(stub.executionCount == 1)
        #expect(stub.coalescingKey == nil)
    }
}

import Commands
import Features
import Services
import TestSupport
import Testing

@MainActor
@Suite("UseCaseRunner")
struct UseCaseRunnerTests {
    private struct Failure: Error {}

    @Test("delivers the output to then, followed by always, on the main actor")
    func deliversSuccess() async {
        // Given
        var events: [String] = []
        let handle = makeRunner().run(stubCommand(returning: 42))

        // When
        handle
            .then { value in
                MainActor.preconditionIsolated()
                events.append("then \(value)")
            }
            .catch { _ in events.append("catch") }
            .always { events.append("always") }
        await handle.waitUntilDone()

        // Then
        #expect(events == ["then 42", "always"])
    }

    @Test("delivers a ServiceError to catch, followed by always")
    func deliversFailure() async {
        // Given
        var events: [String] = []
        let handle = makeRunner().run(stubCommand { () throws -> Int in throw ServiceError.conflict(reason: "taken") })

        // When
        handle
            .then { _ in events.append("then") }
            .catch { error in events.append("catch \(error.kind)") }
            .always { events.append("always") }
        await handle.waitUntilDone()

        // Then
        #expect(events == ["catch conflict", "always"])
    }

    @Test("maps CancellationError to cancelled and other errors to unavailable")
    func mapsForeignErrors() async {
        // Given
        let runner = makeRunner()
        var kinds: [ServiceError.Kind] = []

        // When
        let cancelled = runner.run(stubCommand { () throws -> Int in throw CancellationError() })
            .catch { kinds.append($0.kind) }
        await cancelled.waitUntilDone()
        let foreign = runner.run(stubCommand { () throws -> Int in throw Failure() })
            .catch { kinds.append($0.kind) }
        await foreign.waitUntilDone()

        // Then
        #expect(kinds == [.cancelled, .unavailable])
    }

    @Test("a callback registered after the outcome fires at once")
    func lateRegistration() async {
        // Given
        let handle = makeRunner().run(stubCommand(returning: "done"))
        await handle.waitUntilDone()
        var received: String?

        // When
        handle.then { received = $0 }

        // Then
        #expect(received == "done")
    }

    @Test("cancel fires only always, at once, and drops a late result")
    func cancel() async {
        // Given: a command that finishes only when the gate opens, whatever cancellation says
        let gate = Gate()
        let finished = Locked(false)
        let command = stubCommand { () -> Int in
            await gate.wait()
            finished.withLock { $0 = true }
            return 1
        }
        var events: [String] = []
        let handle = makeRunner().run(command)
            .then { _ in events.append("then") }
            .catch { _ in events.append("catch") }
            .always { events.append("always") }

        // When
        handle.cancel()
        handle.cancel()
        gate.open()

        // Then
        #expect(events == ["always"])
        #expect(handle.isCancelled)
        await handle.waitUntilDone()
        if finished.current || gate.arrivals > 0 {
            await eventually { finished.current }
        }
        for _ in 0..<50 { await Task.yield() }
        #expect(events == ["always"])
    }
}

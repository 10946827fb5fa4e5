import TestSupport
import Testing

@testable import IntegrationSupport

/// `Turns` lets one body run at a time, gives the turn in the order it was asked for, and a body
/// that throws gives its turn back.
@Suite("Turns")
struct TurnsTests {
    @Test("while a body holds the turn, later callers wait, then get it in the order they asked")
    func exclusiveInOrder() async throws {
        // Given a body holding the turn until the test opens a gate
        let turns = Turns()
        let queued = AwaitableState(0)
        await turns.observeWaiting { count in queued.update { $0 = count } }
        let entered = AwaitableState<[Int]>([])
        let gate = AwaitableState(false)
        let first = Task {
            await turns.inTurn {
                entered.update { $0.append(1) }
                _ = try? await gate.wait { $0 }
            }
        }
        _ = try await HangGuard.run("the first body to enter") { try await entered.wait { $0 == [1] } }

        // When two more callers have asked for the turn and are queued
        let second = Task { await turns.inTurn { entered.update { $0.append(2) } } }
        _ = try await HangGuard.run("the second caller to queue") { try await queued.wait { $0 == 1 } }
        let third = Task { await turns.inTurn { entered.update { $0.append(3) } } }
        _ = try await HangGuard.run("the third caller to queue") { try await queued.wait { $0 == 2 } }

        // Then neither entered while the first held the turn; once it is done, they enter in order
        #expect(entered.current == [1])
        gate.update { $0 = true }
        await first.value
        await second.value
        await third.value
        #expect(entered.current == [1, 2, 3])
    }

    @Test("a body that throws gives the turn back")
    func throwingBodyGivesBack() async throws {
        struct Failure: Error {}
        let turns = Turns()
        await #expect(throws: Failure.self) {
            try await turns.inTurn { () async throws(Failure) in throw Failure() }
        }
        // A turn kept by the body that threw would make this wait for ever.
        try await HangGuard.run("a turn after a body that threw") { await turns.inTurn {} }
    }
}

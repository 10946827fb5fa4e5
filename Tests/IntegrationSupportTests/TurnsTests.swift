import IntegrationSupport
import TestSupport
import Testing

/// `Turns` lets one body run at a time on an actor whose bodies await, and a body that throws
/// gives its turn back.
@Suite("Turns")
struct TurnsTests {
    /// An actor whose work awaits in the middle, as the sync engine's does.
    private actor Counter {
        let turns = Turns()
        var inside = 0
        var most = 0

        func work() async {
            await turns.inTurn {
                inside += 1
                most = max(most, inside)
                await Task.yield()
                inside -= 1
            }
        }

        func fail() async throws {
            struct Failure: Error {}
            try await turns.inTurn { () async throws(Failure) in throw Failure() }
        }
    }

    @Test("bodies that await never overlap, and a body that throws gives the turn back")
    func exclusive() async throws {
        let counter = Counter()
        try await HangGuard.run("50 bodies taking turns") {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<50 { group.addTask { await counter.work() } }
            }
        }
        #expect(await counter.most == 1)
        await #expect(throws: (any Error).self) { try await counter.fail() }
        // A turn kept by the body that threw would make this wait for ever.
        try await HangGuard.run("a turn after a body that threw") { await counter.work() }
    }
}

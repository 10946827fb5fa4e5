import IntegrationSupport
import Testing

/// `Turns` lets one body run at a time on an actor whose bodies await, in the order they asked.
@Suite("Turns")
struct TurnsTests {
    /// An actor whose work awaits in the middle, as a replica's does.
    private actor Counter {
        let turns = Turns()
        var inside = 0
        var most = 0
        var order: [Int] = []

        func work(_ index: Int) async {
            await turns.inTurn {
                inside += 1
                most = max(most, inside)
                order.append(index)
                await Task.yield()
                inside -= 1
            }
        }
    }

    @Test("bodies that await never overlap, and a body that throws gives the turn back")
    func exclusive() async throws {
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<50 { group.addTask { await counter.work(index) } }
        }
        #expect(await counter.most == 1)
        #expect(await counter.order.count == 50)
        struct Failure: Error {}
        await #expect(throws: Failure.self) {
            try await counter.turns.inTurn { () async throws(Failure) in throw Failure() }
        }
        await counter.work(50)
        #expect(await counter.order.last == 50)
    }
}

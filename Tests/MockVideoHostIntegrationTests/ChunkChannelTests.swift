import Foundation
import Testing

@testable import MockVideoHostIntegration

@Suite("Mock video host: the chunk channel between storing and hashing")
struct ChunkChannelTests {
    @Test("every chunk arrives once and in order, whoever waits for whom", arguments: [1, 2, 4])
    func order(capacity: Int) async {
        // Given a sender and a receiver that each pause now and then
        let channel = ChunkChannel(capacity: capacity)
        let count = 2_000
        let sender = Task {
            for index in 0..<count {
                await channel.send(Data([UInt8(index % 251), UInt8(index / 251)]))
                if index % 3 == 0 { await Task.yield() }
            }
            await channel.finish()
        }

        // When everything is received
        var received: [Int] = []
        while let chunk = await channel.next() {
            received.append(Int(chunk[0]) + 251 * Int(chunk[1]))
            if received.count % 5 == 0 { await Task.yield() }
        }
        await sender.value

        // Then nothing was lost, doubled or reordered
        let firstWrong = zip(received, 0..<count).first { $0 != $1 }
        #expect(
            received.count == count && firstWrong == nil,
            "got \(received.count) chunks; first out of place: \(String(describing: firstWrong))")
    }
}

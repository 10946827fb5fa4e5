import Testing

@testable import Features

/// A flood of stage reports reaches the main actor as one hop at a time, so whatever else the main
/// actor must do (a cancel on Ctrl-C) is never queued behind thousands of redraws.
@MainActor
@Suite("StageMailbox")
struct StageMailboxTests {
    @Test("progress posted while the main actor is busy arrives as its latest, and what follows it in order")
    func coalesces() async {
        let (delivered, continuation) = AsyncStream.makeStream(of: Int.self)
        let mailbox = StageMailbox<Int> { continuation.yield($0) }
        // The test holds the main actor through the loop, so no hop can run until it awaits.
        for stage in 1...1_000 { mailbox.post(stage, replaceable: true) }
        mailbox.post(-1, replaceable: false)  // "processing": kept, after the last progress
        var iterator = delivered.makeAsyncIterator()
        #expect(await iterator.next() == 1_000)
        #expect(await iterator.next() == -1)

        mailbox.post(1_002, replaceable: true)
        #expect(await iterator.next() == 1_002, "a report after a delivery gets a hop of its own")
        continuation.finish()
        #expect(await iterator.next() == nil, "nothing but the latest progress was delivered")
    }

    @Test("a report from another task reaches the main actor")
    func fromAnotherTask() async {
        let (delivered, continuation) = AsyncStream.makeStream(of: String.self)
        let mailbox = StageMailbox<String> { continuation.yield($0) }
        await Task.detached { mailbox.post("processing", replaceable: false) }.value
        var iterator = delivered.makeAsyncIterator()
        #expect(await iterator.next() == "processing")
    }
}

/// A doorbell for one background loop: `wake()` rings it (rings while nobody waits are kept as
/// one); the loop waits on the iterator it makes once. After `finish()`, the iterator ends.
struct Wakeups: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Rings.
    func wake() {
        continuation.yield()
    }

    /// The rings, for the one loop that waits on them.
    func makeIterator() -> AsyncStream<Void>.Iterator {
        stream.makeAsyncIterator()
    }

    /// Ends the waiting for good.
    func finish() {
        continuation.finish()
    }
}

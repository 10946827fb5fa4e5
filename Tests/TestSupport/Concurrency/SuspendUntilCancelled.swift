/// Suspends until the current task is cancelled, then returns: a body that never finishes on its
/// own (a command that holds its slot, a wait that must hang). An `AsyncStream` that never yields
/// ends its iteration when the iterating task is cancelled.
public func suspendUntilCancelled() async {
    let (stream, continuation) = AsyncStream<Void>.makeStream()
    for await _ in stream {}
    continuation.finish()
}

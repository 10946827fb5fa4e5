/// The use cases a presenter has in flight, so it can cancel them all when its view disappears
/// and a caller can wait for them.
@MainActor
final class InFlightWork {
    private var cancellers: [Int: () -> Void] = [:]
    private var waits: [Int: () async -> Void] = [:]
    private var nextID = 0

    /// Whether anything is in flight.
    var isEmpty: Bool { cancellers.isEmpty }

    /// Tracks `handle` until it is done; returns it for chaining.
    @discardableResult
    func track<Output>(_ handle: UseCaseHandle<Output>) -> UseCaseHandle<Output> {
        let id = nextID
        nextID += 1
        cancellers[id] = { handle.cancel() }
        waits[id] = { await handle.waitUntilDone() }
        handle.always { [weak self] in
            self?.cancellers[id] = nil
            self?.waits[id] = nil
        }
        return handle
    }

    /// Cancels everything in flight; no `then` or `catch` of a tracked handle fires afterwards.
    func cancelAll() {
        let cancellers = cancellers
        self.cancellers.removeAll()
        self.waits.removeAll()
        cancellers.values.forEach { $0() }
    }

    /// Returns once everything in flight now, and anything started while waiting, is done.
    func waitUntilIdle() async {
        while let wait = waits.values.first {
            await wait()
        }
    }
}

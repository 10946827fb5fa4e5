import Foundation

/// Tells a store's observers that something changed, so each re-reads what it shows.
///
/// A store notifies after every commit; each subscriber holds at most one pending signal, so a
/// burst of commits wakes a slow observer once. A store that can be changed from outside the
/// process (SQLite) sets a watch with `watch(_:)`: it runs while at least one observer is
/// subscribed, and calls `notify()` when it sees an outside commit. Safe to use from any task.
public final class ChangeSignal: @unchecked Sendable {
    // Safe because every stored property is read and written only while holding `lock`, and no
    // method calls out (yield, task creation or cancellation) while holding it in a way that can
    // re-enter this object.
    private let lock = NSLock()
    private var subscribers: [Int: AsyncStream<Void>.Continuation] = [:]
    private var nextID = 0
    private var watcher: Task<Void, Never>?
    private var isClosed = false
    private var watchBody: (@Sendable (ChangeSignal) async -> Void)?

    /// A signal with no observers and no watch.
    public init() {}

    /// Sets what runs while anyone observes: a task that notices changes made outside the
    /// process and calls `notify()`. It is cancelled when the last observer leaves.
    public func watch(_ body: @escaping @Sendable (ChangeSignal) async -> Void) {
        lock.withLock { watchBody = body }
    }

    /// How many observers are subscribed now: 0 once every observation has ended.
    public var observerCount: Int {
        lock.withLock { subscribers.count }
    }

    /// Wakes every subscriber.
    public func notify() {
        let continuations = lock.withLock { Array(subscribers.values) }
        for continuation in continuations { continuation.yield() }
    }

    /// A stream that yields once after each change (coalesced while unread); it ends when the
    /// signal closes. Dropping or cancelling it unsubscribes.
    public func subscribe() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        forward(to: continuation, ended: {})
        return stream
    }

    /// Whether the signal is open: `false` from `close()` until `reopen()`.
    var isOpen: Bool {
        lock.withLock { !isClosed }
    }

    /// Yields to `continuation` after each change, as `subscribe()`'s stream would, for a reader
    /// that already waits on a stream of its own for other reasons too: a change then wakes it
    /// directly, with no task in between (a busy store notifies at every commit). Finishes
    /// `continuation` when the signal closes (at once when it is closed), and calls `ended` when
    /// `continuation` ends, whoever ends it: the reader learns of a close even while it is not
    /// reading the stream. Finishing it unsubscribes, so this takes its `onTermination`: the
    /// caller sets none after, and passes a continuation that has not ended, buffering the newest
    /// element only (one pending signal, as every subscriber holds). Internal for those rules:
    /// `SharedRefreshes` is its one caller.
    func forward(to continuation: AsyncStream<Void>.Continuation, ended: @escaping @Sendable () -> Void) {
        let (id, startWatcher): (Int?, Bool) = lock.withLock {
            guard !isClosed else { return (nil, false) }
            let id = nextID
            nextID += 1
            subscribers[id] = continuation
            return (id, subscribers.count == 1 && watcher == nil && watchBody != nil)
        }
        guard let id else {
            continuation.finish()
            ended()
            return
        }
        continuation.onTermination = { [weak self] _ in
            self?.unsubscribe(id)
            ended()
        }
        if startWatcher { startWatching() }
    }

    /// Ends every subscription and stops the watcher; later subscriptions end at once. Called
    /// when the store stops.
    public func close() {
        let (continuations, watcher) = lock.withLock {
            isClosed = true
            defer {
                subscribers.removeAll()
                self.watcher = nil
            }
            return (Array(subscribers.values), self.watcher)
        }
        watcher?.cancel()
        for continuation in continuations { continuation.finish() }
    }

    /// Lets a closed signal serve subscribers again (the store started again).
    public func reopen() {
        lock.withLock { isClosed = false }
    }

    private func unsubscribe(_ id: Int) {
        let watcher: Task<Void, Never>? = lock.withLock {
            guard subscribers.removeValue(forKey: id) != nil, subscribers.isEmpty else { return nil }
            defer { self.watcher = nil }
            return self.watcher
        }
        watcher?.cancel()
    }

    private func startWatching() {
        guard let watch = lock.withLock({ watchBody }) else { return }
        let task = Task { [weak self] in
            guard let self else { return }
            await watch(self)
        }
        let stale: Task<Void, Never>? = lock.withLock {
            // Another subscriber may have started a watcher meanwhile: keep exactly one.
            if watcher != nil || subscribers.isEmpty || isClosed { return task }
            watcher = task
            return nil
        }
        stale?.cancel()
    }
}

import Foundation

/// The slots of a ``CommandQueue``: at most `limit` holders at once, waiters served first in,
/// first out.
///
/// Taking a free slot and giving one back are a lock's critical section each, with no hop to an
/// actor: a command that finds a slot free runs in its caller's task at the cost of two short
/// locks. A caller that finds every slot held suspends on a continuation until a release hands it
/// one. The lock is never held across a suspension.
///
/// `@unchecked Sendable` because every stored property but the constant `limit` is read and
/// written only while `lock` is held; continuations are resumed after the lock is released.
@usableFromInline
final class SlotGate: @unchecked Sendable {
    /// The most holders at once; at least 1.
    let limit: Int

    private let lock = NSLock()
    private var held = 0
    /// Callers waiting for a slot, by waiter id; a cancelled waiter is removed from here only.
    private var waiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    /// Waiter ids in arrival order; ids no longer in `waiters` are skipped when dequeued.
    private var order = FIFOQueue<UInt64>()
    private var lastWaiterID: UInt64 = 0

    init(limit: Int) {
        self.limit = limit
    }

    /// The slots held right now.
    var heldCount: Int { locked { held } }

    /// The callers waiting for a slot right now.
    var waitingCount: Int { locked { waiters.count } }

    /// Takes a free slot and returns `true`, or returns `false` when every slot is held. Not
    /// async: the common case costs one lock and no suspension point.
    @usableFromInline
    func tryAcquire() -> Bool {
        locked {
            // Waiters exist only while every slot is held (a release hands a freed slot straight
            // to the next waiter), so taking a free slot never overtakes one.
            guard held < limit else { return false }
            held += 1
            return true
        }
    }

    /// Returns holding a slot: at once when one is free, else when a release hands one over.
    ///
    /// - Throws: `CancellationError` when the caller is cancelled before it holds a slot (a slot
    ///   handed over just as the cancellation arrives is given back); it then holds none.
    @usableFromInline
    func acquire() async throws {
        try Task.checkCancellation()
        guard !tryAcquire() else { return }
        let id: UInt64 = locked {
            lastWaiterID += 1
            return lastWaiterID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case waiting, holding, cancelled }
                // Under the lock the cancellation handler also takes: either it ran before (and
                // the task is seen cancelled here) or it runs after, and finds this waiter.
                let outcome: Outcome = locked {
                    if Task.isCancelled { return .cancelled }
                    if held < limit {
                        // Every slot was released between the first look and now.
                        held += 1
                        return .holding
                    }
                    waiters[id] = continuation
                    order.enqueue(id)
                    return .waiting
                }
                switch outcome {
                case .waiting: break
                case .holding: continuation.resume()
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            locked { waiters.removeValue(forKey: id) }?.resume(throwing: CancellationError())
        }
        // The slot may have been handed over just before the cancellation: give it back, so a
        // cancelled caller's command never starts.
        if Task.isCancelled {
            release()
            throw CancellationError()
        }
    }

    /// Gives a slot back: to the longest-waiting caller, or to the pool when none waits.
    @usableFromInline
    func release() {
        let next: CheckedContinuation<Void, any Error>? = locked {
            while let id = order.dequeue() {
                if let waiter = waiters.removeValue(forKey: id) {
                    // Handed over: `held` stays the same.
                    return waiter
                }
            }
            held -= 1
            return nil
        }
        next?.resume()
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

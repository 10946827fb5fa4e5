/// A value guarded by a lock that tasks can wait on: every change wakes the waiters whose
/// condition now holds.
///
/// The building block of the waits in TestSupport: a test waits for the event it needs (a line
/// printed, a process ended, a value delivered, a sleeper parked) instead of polling with a sleep
/// or hoping a deadline is long enough. A waiter holds no thread while it waits, and a cancelled
/// waiter throws `CancellationError` at once, so a test's time limit always ends it.
///
/// Safe from any thread: the value is only reached while holding the lock.
public final class AwaitableState<Value: Sendable>: Sendable {
    private struct Waiter {
        let id: Int
        let isMet: @Sendable (Value) -> Bool
        let continuation: CheckedContinuation<Value, any Error>
    }

    private struct Storage {
        var value: Value
        var nextID = 0
        var waiters: [Waiter] = []
        var cancelledIDs: Set<Int> = []
    }

    private let storage: Locked<Storage>

    /// Starts with `value`.
    public init(_ value: Value) {
        storage = Locked(Storage(value: value))
    }

    /// A copy of the current value.
    public var current: Value { storage.withLock { $0.value } }

    /// Changes the value with `body`, then resumes every waiter whose condition holds for the new
    /// value (with that value), and returns what `body` returned.
    @discardableResult
    public func update<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let (result, due) = try storage.withLock { storage -> (Result, [(Waiter, Value)]) in
            let result = try body(&storage.value)
            let value = storage.value
            var due: [(Waiter, Value)] = []
            storage.waiters.removeAll { waiter in
                guard waiter.isMet(value) else { return false }
                due.append((waiter, value))
                return true
            }
            return (result, due)
        }
        for (waiter, value) in due { waiter.continuation.resume(returning: value) }
        return result
    }

    /// Suspends until `condition` holds for the value, and returns the value it held for; returns
    /// at once when it already holds.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    @discardableResult
    public func wait(until condition: @escaping @Sendable (Value) -> Bool) async throws -> Value {
        let id = storage.withLock { storage in
            storage.nextID += 1
            return storage.nextID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
                let outcome: Result<Value, any Error>? = storage.withLock { storage in
                    if storage.cancelledIDs.remove(id) != nil { return .failure(CancellationError()) }
                    if condition(storage.value) { return .success(storage.value) }
                    storage.waiters.append(Waiter(id: id, isMet: condition, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let waiter = storage.withLock { storage -> Waiter? in
                guard let index = storage.waiters.firstIndex(where: { $0.id == id }) else {
                    // Cancelled before the waiter was registered: the registration will see this.
                    storage.cancelledIDs.insert(id)
                    return nil
                }
                return storage.waiters.remove(at: index)
            }
            waiter?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Like `wait(until:)`, but gives up after `limit` and returns `nil` then: for a check that
    /// something does *not* happen within a window, or a hang guard that reports instead of throwing.
    ///
    /// - Throws: `CancellationError` when the waiting task is cancelled first.
    public func wait(
        until condition: @escaping @Sendable (Value) -> Bool,
        within limit: Duration
    ) async throws -> Value? {
        try await withThrowingTaskGroup(of: Value?.self) { group in
            group.addTask { try await self.wait(until: condition) }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }
}

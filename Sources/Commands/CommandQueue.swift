/// Runs commands with a limit on how many execute at once, sharing identical in-flight commands.
///
/// **Concurrency limit.** At most `maxConcurrentCommands` commands execute at the same time. A
/// caller that finds every slot taken waits; waiting callers get a slot in the order they arrived
/// (first in, first out).
///
/// **Cancellation.** A caller cancelled while it waits for a slot leaves the queue at once with
/// `CancellationError`, and its command never runs. A command without a coalescing key executes in
/// its caller's task, so cancelling the caller is seen by the command (`Task.isCancelled`).
///
/// **Coalescing.** While a command with a non-`nil` ``Command/coalescingKey`` is in flight, a
/// command of the same type with the same key does not execute again: its caller waits for the
/// in-flight execution and receives the same result or error. The shared execution runs in its
/// own task, which takes a slot like any other command. A cancelled caller stops waiting at once
/// with `CancellationError` while the other callers still receive the result; the shared execution
/// itself is cancelled only when every one of its callers has been cancelled. When the execution
/// finishes, the key is free again, and the next command with that key executes anew.
///
/// **Composition and deadlock.** A command may run other commands through the queue from its own
/// `execute()`. The parent keeps its slot while it waits for its children, so nested commands on a
/// queue with `maxConcurrentCommands == 1` deadlock, and so does any queue whose slots are all held
/// by parents waiting for children. Run children directly (`try await child.execute()`), on another
/// queue, or make sure fewer parents than slots can be in flight at once.
///
/// Thread safety: `CommandQueue` is an actor; every method may be called from any task.
public actor CommandQueue {
    /// The most commands this queue executes at the same time; at least 1.
    public nonisolated let maxConcurrentCommands: Int

    /// Slots currently held by executing commands.
    private var heldSlots = 0
    /// Callers waiting for a slot, by waiter id; a cancelled waiter is removed from here only.
    private var slotWaiters: [UInt64: CheckedContinuation<Void, any Error>] = [:]
    /// Waiter ids in arrival order; ids no longer in `slotWaiters` are skipped when dequeued.
    private var slotWaiterOrder = FIFOQueue<UInt64>()
    /// Shared executions in flight, by scoped key.
    var executions: [CoalescingKey: any SharedExecution] = [:]
    private var lastIdentifier: UInt64 = 0

    /// Creates a queue that executes at most `maxConcurrentCommands` commands at once.
    ///
    /// - Precondition: `maxConcurrentCommands >= 1`; a smaller value stops the program.
    public init(maxConcurrentCommands: Int) {
        precondition(maxConcurrentCommands >= 1, "A CommandQueue needs at least one slot")
        self.maxConcurrentCommands = maxConcurrentCommands
    }

    /// The number of commands executing right now (at most ``maxConcurrentCommands``).
    ///
    /// Meant for tests, diagnostics and benchmarks; the value may change as soon as it is read.
    public var runningCount: Int { heldSlots }

    /// The number of callers (and shared executions) waiting for a slot right now.
    ///
    /// Meant for tests, diagnostics and benchmarks; the value may change as soon as it is read.
    public var waitingCount: Int { slotWaiters.count }

    /// The number of callers waiting for a shared (coalesced) execution right now, across all keys.
    ///
    /// Meant for tests, diagnostics and benchmarks; the value may change as soon as it is read.
    public var coalescedCallerCount: Int {
        executions.values.reduce(0) { $0 + $1.callerCount }
    }

    /// Executes `command` once a slot is free, or joins an identical in-flight execution, and
    /// returns its output.
    ///
    /// - Throws: The command's error, or `CancellationError` when the caller is cancelled before it
    ///   gets a slot or while it waits for a shared execution. A command that is already executing
    ///   decides itself how it reacts to cancellation.
    public func run<C: Command>(_ command: C) async throws -> C.Output {
        if let key = command.coalescingKey {
            return try await runCoalesced(command, key: CoalescingKey(C.self, key: key))
        }
        return try await runInSlot(command)
    }

    /// Executes `command` in the current task while holding a slot.
    func runInSlot<C: Command>(_ command: C) async throws -> C.Output {
        try await acquireSlot()
        defer { releaseSlot() }
        return try await command.execute()
    }

    func makeIdentifier() -> UInt64 {
        lastIdentifier += 1
        return lastIdentifier
    }

    // MARK: - Slots

    private func acquireSlot() async throws {
        try Task.checkCancellation()
        if heldSlots < maxConcurrentCommands {
            // Invariant: waiters exist only while every slot is held, because `releaseSlot` hands
            // a freed slot straight to the next waiter. So taking a free slot never overtakes one.
            heldSlots += 1
            return
        }
        let id = makeIdentifier()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                // Runs on the actor before suspending. A caller cancelled before this point has
                // already run `onCancel`, whose hop could not find this waiter: do not register it.
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    return
                }
                slotWaiters[id] = continuation
                slotWaiterOrder.enqueue(id)
            }
        } onCancel: {
            Task { await self.cancelSlotWaiter(id) }
        }
        // The slot may have been handed over just before a cancellation reached the actor: give
        // it back so a cancelled caller's command never starts.
        if Task.isCancelled {
            releaseSlot()
            throw CancellationError()
        }
    }

    private func releaseSlot() {
        while let id = slotWaiterOrder.dequeue() {
            if let next = slotWaiters.removeValue(forKey: id) {
                // Hand the slot over: `heldSlots` stays the same.
                next.resume()
                return
            }
        }
        heldSlots -= 1
    }

    private func cancelSlotWaiter(_ id: UInt64) {
        // Absent when the waiter already got its slot or was never registered; nothing to do then.
        slotWaiters.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }
}

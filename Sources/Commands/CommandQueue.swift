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
/// Thread safety: every method may be called from any task. `CommandQueue` is an actor for its
/// shared executions; its slots are a lock-guarded `SlotGate`, so a command that finds a slot free
/// runs in its caller's task without a hop to the actor (scripts/bench commandqueue measures it).
public actor CommandQueue {
    /// The most commands this queue executes at the same time; at least 1.
    public nonisolated let maxConcurrentCommands: Int

    /// The slots: taken and given back without a hop to this actor.
    @usableFromInline nonisolated let slots: SlotGate
    /// Shared executions in flight, by scoped key.
    var executions: [CoalescingKey: any SharedExecution] = [:]
    private var lastIdentifier: UInt64 = 0

    /// Creates a queue that executes at most `maxConcurrentCommands` commands at once.
    ///
    /// - Precondition: `maxConcurrentCommands >= 1`; a smaller value stops the program.
    public init(maxConcurrentCommands: Int) {
        precondition(maxConcurrentCommands >= 1, "A CommandQueue needs at least one slot")
        self.maxConcurrentCommands = maxConcurrentCommands
        slots = SlotGate(limit: maxConcurrentCommands)
    }

    /// The number of commands executing right now (at most ``maxConcurrentCommands``).
    ///
    /// Meant for tests, diagnostics and benchmarks; the value may change as soon as it is read.
    public var runningCount: Int { slots.heldCount }

    /// The number of callers (and shared executions) waiting for a slot right now.
    ///
    /// Meant for tests, diagnostics and benchmarks; the value may change as soon as it is read.
    public var waitingCount: Int { slots.waitingCount }

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
    ///
    /// Not isolated to the queue: a command without a coalescing key that finds a slot free runs
    /// in the caller's task with no hop to the queue's actor.
    /// Inlinable, so a caller's module specialises it for its command type and calls `execute()`
    /// directly (measured with `scripts/bench commandqueue`).
    @inlinable
    public nonisolated(nonsending) func run<C: Command>(_ command: C) async throws -> C.Output {
        if let key = command.coalescingKey {
            return try await runCoalesced(command, key: CoalescingKey(C.self, key: key))
        }
        return try await runInSlot(command)
    }

    /// Executes `command` in the current task while holding a slot.
    @inlinable
    nonisolated(nonsending) func runInSlot<C: Command>(_ command: C) async throws -> C.Output {
        // A free slot is taken without suspending; only a caller that must wait pays for a
        // continuation and a cancellation handler.
        if Task.isCancelled { throw CancellationError() }
        if !slots.tryAcquire() { try await slots.acquire() }
        defer { slots.release() }
        return try await command.execute()
    }

    func makeIdentifier() -> UInt64 {
        lastIdentifier += 1
        return lastIdentifier
    }
}

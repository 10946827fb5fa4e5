/// Identifies a coalesced execution: the command's type plus its key, so two command types that
/// happen to use the same key never share an execution.
@usableFromInline
struct CoalescingKey: Hashable, Sendable {
    let commandType: ObjectIdentifier
    let key: String

    @usableFromInline
    init<C: Command>(_ commandType: C.Type, key: String) {
        self.commandType = ObjectIdentifier(commandType)
        self.key = key
    }
}

/// The type-erased view of a ``CoalescedExecution`` that the queue keeps in one dictionary.
protocol SharedExecution: AnyObject {
    /// Unique per execution, so a late completion of an abandoned execution is recognised.
    var generation: UInt64 { get }
    /// How many callers are still waiting for the result.
    var callerCount: Int { get }
    /// Resumes the caller `id` (if still waiting) with `CancellationError`.
    func cancelCaller(_ id: UInt64)
    /// Resumes every waiting caller with `error`.
    func failAll(with error: any Error)
    /// Cancels the task performing the execution.
    func cancelTask()
}

/// One in-flight execution shared by every caller that ran a command with the same ``CoalescingKey``.
///
/// Not `Sendable`: it is created, mutated and read only by the ``CommandQueue`` actor that owns it,
/// which is what makes each continuation resume exactly once (it is removed from `callers` in the
/// same isolated step that resumes it).
final class CoalescedExecution<Output: Sendable>: SharedExecution {
    let generation: UInt64
    var task: Task<Void, Never>?
    private var callers: [UInt64: CheckedContinuation<Output, any Error>] = [:]

    init(generation: UInt64) {
        self.generation = generation
    }

    var callerCount: Int { callers.count }

    func addCaller(_ id: UInt64, continuation: CheckedContinuation<Output, any Error>) {
        callers[id] = continuation
    }

    func cancelCaller(_ id: UInt64) {
        callers.removeValue(forKey: id)?.resume(throwing: CancellationError())
    }

    func finish(with result: Result<Output, any Error>) {
        let waiting = callers
        callers.removeAll()
        for continuation in waiting.values {
            continuation.resume(with: result)
        }
    }

    func failAll(with error: any Error) {
        finish(with: .failure(error))
    }

    func cancelTask() {
        task?.cancel()
    }
}

/// Thrown to callers only if the queue's internal book-keeping were inconsistent, which the
/// ``CommandQueue`` invariants rule out; it exists so such a state fails loudly instead of hanging.
struct CoalescingInconsistency: Error, CustomStringConvertible {
    var description: String { "CommandQueue found a coalesced execution of an unexpected output type" }
}

extension CommandQueue {
    /// Joins the in-flight execution for `key`, starting one if there is none, and waits for it.
    @usableFromInline
    func runCoalesced<C: Command>(_ command: C, key: CoalescingKey) async throws -> C.Output {
        try Task.checkCancellation()
        let execution: CoalescedExecution<C.Output>
        if let existing = executions[key] {
            // Cannot fail: the key is scoped by `C`'s type, and `C` fixes `Output`, so the entry
            // was created by `startExecution` below for the same `C.Output`. Should it ever fail,
            // running the command unshared is still correct, only not coalesced.
            guard let typed = existing as? CoalescedExecution<C.Output> else {
                return try await runInSlot(command)
            }
            execution = typed
        } else {
            execution = startExecution(command, key: key)
        }
        let callerID = makeIdentifier()
        let generation = execution.generation
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<C.Output, any Error>) in
                // Runs on the actor before suspending, so the execution cannot have finished yet.
                guard !Task.isCancelled else {
                    continuation.resume(throwing: CancellationError())
                    abandonIfUnattended(key: key, generation: generation)
                    return
                }
                execution.addCaller(callerID, continuation: continuation)
            }
        } onCancel: {
            Task { await self.cancelCoalescedCaller(callerID, key: key, generation: generation) }
        }
    }

    private func startExecution<C: Command>(_ command: C, key: CoalescingKey) -> CoalescedExecution<C.Output> {
        let execution = CoalescedExecution<C.Output>(generation: makeIdentifier())
        let generation = execution.generation
        executions[key] = execution
        // The task is isolated to this actor (it uses `self`), so finishing needs no hop.
        execution.task = Task {
            let result: Result<C.Output, any Error>
            do {
                result = .success(try await self.runInSlot(command))
            } catch {
                result = .failure(error)
            }
            self.finishExecution(key: key, generation: generation, result: result)
        }
        return execution
    }

    private func finishExecution<Output: Sendable>(
        key: CoalescingKey, generation: UInt64, result: Result<Output, any Error>
    ) {
        // A different generation (or none) means every caller cancelled and the key was freed.
        guard let shared = executions[key], shared.generation == generation else { return }
        executions[key] = nil
        // Cannot fail: this generation was created by `startExecution` as a
        // `CoalescedExecution<C.Output>`, and `result` carries that same `C.Output`. The fallback
        // resumes every caller so that even an impossible state never leaves one hanging.
        guard let execution = shared as? CoalescedExecution<Output> else {
            shared.failAll(with: CoalescingInconsistency())
            return
        }
        execution.finish(with: result)
    }

    private func cancelCoalescedCaller(_ callerID: UInt64, key: CoalescingKey, generation: UInt64) {
        guard let shared = executions[key], shared.generation == generation else { return }
        shared.cancelCaller(callerID)
        abandonIfUnattended(key: key, generation: generation)
    }

    /// Cancels the execution and frees its key once no caller waits for it any more.
    private func abandonIfUnattended(key: CoalescingKey, generation: UInt64) {
        guard let shared = executions[key], shared.generation == generation, shared.callerCount == 0 else { return }
        executions[key] = nil
        shared.cancelTask()
    }
}

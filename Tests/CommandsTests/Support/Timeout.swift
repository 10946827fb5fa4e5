import Testing

/// Thrown by `bounded` when an operation does not finish in time.
struct TimeoutError: Error, CustomStringConvertible {
    let seconds: Int
    var description: String { "operation did not finish within \(seconds) s" }
}

/// Returns the result of `operation`, or throws `TimeoutError` after `seconds`, whichever comes
/// first. The timeout wins even when `operation` ignores cancellation (it is cancelled and left
/// behind), so no test can hang. The limit is generous: it only bounds a broken run.
func bounded<T: Sendable>(
    seconds: Int = 30,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    let pending = Locked<CheckedContinuation<T, any Error>?>(nil)
    let work = Locked<Task<Void, Never>?>(nil)
    let finish: @Sendable (Result<T, any Error>) -> Void = { result in
        let continuation = pending.withLock { continuation in
            defer { continuation = nil }
            return continuation
        }
        continuation?.resume(with: result)
    }
    return try await withCheckedThrowingContinuation { continuation in
        pending.withLock { $0 = continuation }
        let timer = Task {
            do {
                try await Task.sleep(for: .seconds(seconds))
            } catch {
                return
            }
            finish(.failure(TimeoutError(seconds: seconds)))
            work.current?.cancel()
        }
        let task = Task {
            do {
                finish(.success(try await operation()))
            } catch {
                finish(.failure(error))
            }
            timer.cancel()
        }
        work.withLock { $0 = task }
    }
}

/// Yields until `condition` holds; fails with `TimeoutError` if it does not within `seconds`.
func waitUntil(
    seconds: Int = 30,
    _ condition: @escaping @Sendable () async -> Bool
) async throws {
    try await bounded(seconds: seconds) {
        while await !condition() {
            try Task.checkCancellation()
            await Task.yield()
        }
    }
}

/// Waits (bounded) for `task` and returns its result.
func result<T: Sendable>(of task: Task<T, any Error>) async throws -> Result<T, any Error> {
    try await bounded {
        do {
            return .success(try await task.value)
        } catch {
            return .failure(error)
        }
    }
}

/// Whether `result` is a failure with `CancellationError`.
func isCancellation<T>(_ result: Result<T, any Error>) -> Bool {
    if case .failure(let error) = result, error is CancellationError { return true }
    return false
}

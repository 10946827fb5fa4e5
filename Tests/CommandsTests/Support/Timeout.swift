import TestSupport
import Testing

/// Returns the result of `operation`, or throws `HangGuard.Hang` when it never finishes (it is
/// cancelled and left behind), so no test can hang. Not a deadline the outcome depends on.
func bounded<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await HangGuard.run("the command queue operation", operation)
}

/// Yields until `condition` holds (a queue's internal state, which offers nothing to await).
func waitUntil(_ condition: @escaping @Sendable () async -> Bool) async throws {
    try await bounded {
        while await !condition() {
            try Task.checkCancellation()
            await Task.yield()
        }
    }
}

/// Waits for `task` and returns its result.
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

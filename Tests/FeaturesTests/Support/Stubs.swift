import Commands
import Services
import TestSupport

/// A `TestCommand` running `body`: the one place tests build stub use cases.
func stubCommand<Output: Sendable>(_ body: @escaping @Sendable () async throws -> Output) -> TestCommand<Output> {
    TestCommand(body: body)
}

/// A `TestCommand` returning `output`.
func stubCommand<Output: Sendable>(returning output: Output) -> TestCommand<Output> {
    TestCommand(returning: output)
}

/// Executes `command` and returns its outcome, with whatever it threw converted to `ServiceError`.
func outcome<Output: Sendable>(of command: any Command<Output>) async -> Result<Output, ServiceError> {
    do {
        return .success(try await command.execute())
    } catch let error as ServiceError {
        return .failure(error)
    } catch is CancellationError {
        return .failure(.cancelled)
    } catch {
        return .failure(.unavailable(reason: "\(error)", retryAfter: nil))
    }
}

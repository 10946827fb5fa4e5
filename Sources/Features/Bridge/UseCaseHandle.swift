import Services

/// A running use case's outcome, delivered on the main actor to the callbacks registered with
/// `then`, `catch` and `always`.
///
/// Delivery rules:
/// - On success every `then` callback fires with the output; on failure every `catch` callback
///   fires with the `ServiceError` (a `CancellationError` arrives as `.cancelled`). Then every
///   `always` callback fires. Callbacks fire in registration order, exactly once.
/// - A callback registered after the outcome arrived fires at once, during the registration call.
/// - `cancel()` stops the command and guarantees that no `then` or `catch` callback fires, now or
///   later, whatever the command still returns; `always` callbacks fire once, synchronously within
///   `cancel()`. Cancelling a finished or cancelled handle does nothing.
///
/// Main-actor isolated: register callbacks and cancel from the main actor.
@MainActor
public final class UseCaseHandle<Output: Sendable> {
    private enum State {
        case running
        case finished(Result<Output, ServiceError>)
        case cancelled
    }

    private var state = State.running
    private var thenCallbacks: [@MainActor (Output) -> Void] = []
    private var catchCallbacks: [@MainActor (ServiceError) -> Void] = []
    private var alwaysCallbacks: [@MainActor () -> Void] = []
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var task: Task<Void, Never>?

    init() {}

    /// Whether the outcome arrived or the handle was cancelled: no callback is pending any more.
    public var isDone: Bool {
        if case .running = state { false } else { true }
    }

    /// Whether `cancel()` was called before the outcome arrived.
    public var isCancelled: Bool {
        if case .cancelled = state { true } else { false }
    }

    /// Registers `body` to run with the output on success.
    @discardableResult
    public func then(_ body: @escaping @MainActor (Output) -> Void) -> Self {
        switch state {
        case .running: thenCallbacks.append(body)
        case .finished(.success(let output)): body(output)
        case .finished(.failure), .cancelled: break
        }
        return self
    }

    /// Registers `body` to run with the error on failure.
    @discardableResult
    public func `catch`(_ body: @escaping @MainActor (ServiceError) -> Void) -> Self {
        switch state {
        case .running: catchCallbacks.append(body)
        case .finished(.failure(let error)): body(error)
        case .finished(.success), .cancelled: break
        }
        return self
    }

    /// Registers `body` to run once the use case is over: after `then`/`catch`, or on `cancel()`.
    @discardableResult
    public func always(_ body: @escaping @MainActor () -> Void) -> Self {
        if case .running = state {
            alwaysCallbacks.append(body)
        } else {
            body()
        }
        return self
    }

    /// Cancels the use case: no `then` or `catch` fires; `always` callbacks fire now.
    public func cancel() {
        guard case .running = state else { return }
        state = .cancelled
        task?.cancel()
        task = nil
        thenCallbacks.removeAll()
        catchCallbacks.removeAll()
        complete()
    }

    /// Returns once the outcome was delivered or the handle was cancelled.
    ///
    /// For callers that must wait (a terminal app before it exits, a test before it checks a view).
    public func waitUntilDone() async {
        guard case .running = state else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func attach(_ task: Task<Void, Never>) {
        if case .running = state { self.task = task } else { task.cancel() }
    }

    func finish(with result: Result<Output, ServiceError>) {
        guard case .running = state else { return }
        state = .finished(result)
        task = nil
        let thenCallbacks = thenCallbacks
        let catchCallbacks = catchCallbacks
        self.thenCallbacks.removeAll()
        self.catchCallbacks.removeAll()
        switch result {
        case .success(let output): thenCallbacks.forEach { $0(output) }
        case .failure(let error): catchCallbacks.forEach { $0(error) }
        }
        complete()
    }

    private func complete() {
        let alwaysCallbacks = alwaysCallbacks
        let waiters = waiters
        self.alwaysCallbacks.removeAll()
        self.waiters.removeAll()
        alwaysCallbacks.forEach { $0() }
        waiters.forEach { $0.resume() }
    }
}

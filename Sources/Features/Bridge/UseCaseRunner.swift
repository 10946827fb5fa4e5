import Commands
import Services

/// Runs use cases for callback-style callers: the command executes on a `CommandQueue`, off the
/// main actor, and its outcome is delivered on the main actor through the returned handle's
/// `then` / `catch` / `always`.
///
/// ```swift
/// runner.run(useCases.loadFeedPage(request))
///     .then { page in view?.showPosts(page.posts) }
///     .catch { error in view?.showError(message: error.userMessage) }
/// ```
///
/// A plain value holding the queue: copy it into every presenter that shares the queue's
/// concurrency limit.
public struct UseCaseRunner: Sendable {
    /// The queue every command runs on.
    public let queue: CommandQueue

    /// Creates a runner over `queue`.
    public init(queue: CommandQueue) {
        self.queue = queue
    }

    /// Creates a runner with its own queue running at most `maxConcurrentCommands` at once.
    public init(maxConcurrentCommands: Int = 4) {
        self.init(queue: CommandQueue(maxConcurrentCommands: maxConcurrentCommands))
    }

    /// Starts `command` now and returns the handle that delivers its outcome on the main actor.
    ///
    /// Callbacks registered in the same main-actor turn as this call never miss the outcome; see
    /// `UseCaseHandle` for the order they fire in and what `cancel()` does.
    @MainActor
    @discardableResult
    public func run<Output: Sendable>(_ command: any Command<Output>) -> UseCaseHandle<Output> {
        let handle = UseCaseHandle<Output>()
        let queue = queue
        let task = Task { @MainActor in
            let result: Result<Output, ServiceError>
            do {
                result = .success(try await queue.run(command))
            } catch {
                result = .failure(ServiceError(converting: error))
            }
            handle.finish(with: result)
        }
        handle.attach(task)
        return handle
    }
}

import Commands
import Services

/// Runs use cases for callback-style callers: the command executes on a `CommandQueue`, off the
/// main actor, and its outcome is delivered on the main actor through the returned handle's
/// `then` / `catch` / `always`.
///
/// ```swift
/// runner.run(useCases.loadFeedPage(request))
///     .then { page in view?.showItems(page.items, hasMore: page.hasMore) }
///     .catch { error in view?.showError(message: error.userMessage) }
/// ```
///
/// A plain value holding the queue: copy it into every presenter that shares the queue's
/// concurrency limit.
public struct UseCaseRunner: Sendable {
    /// What one finished use case reports, for diagnostics (`silo --verbose`).
    public struct Report: Sendable, Hashable {
        /// The command's `reportedName`: the use case's, e.g. `"PublishPost"`, or the command's type,
        /// e.g. `"LoadListingPage<Post>"`.
        public let useCase: String
        /// How long it took from the call to `run` until its outcome arrived.
        public let duration: Duration
        /// The error it failed with, or `nil` when it succeeded.
        public let failure: ServiceError?
    }

    /// The queue every command runs on.
    public let queue: CommandQueue
    private let onReport: (@MainActor @Sendable (Report) -> Void)?

    /// Creates a runner over `queue`; `onReport`, when given, hears of every use case as it ends,
    /// on the main actor, just before its outcome is delivered.
    public init(queue: CommandQueue, onReport: (@MainActor @Sendable (Report) -> Void)? = nil) {
        self.queue = queue
        self.onReport = onReport
    }

    /// Creates a runner with its own queue running at most `maxConcurrentCommands` at once.
    public init(maxConcurrentCommands: Int = 4, onReport: (@MainActor @Sendable (Report) -> Void)? = nil) {
        self.init(queue: CommandQueue(maxConcurrentCommands: maxConcurrentCommands), onReport: onReport)
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
        let onReport = onReport
        let started = ContinuousClock.now
        let useCase = command.reportedName
        let task = Task { @MainActor in
            let result: Result<Output, ServiceError>
            do {
                result = .success(try await queue.run(command))
            } catch {
                result = .failure(ServiceError(converting: error))
            }
            if let onReport {
                let failure: ServiceError? = if case .failure(let error) = result { error } else { nil }
                onReport(
                    Report(
                        useCase: useCase, duration: started.duration(to: .now),
                        failure: failure))
            }
            handle.finish(with: result)
        }
        handle.attach(task)
        return handle
    }
}

import Commands

/// A command whose behaviour is a closure, for stubbing commands in tests (it lives in TestSupport,
/// not in the `Commands` product an app ships).
///
/// Production code that creates commands through factories returning `any Command<Output>` can be
/// handed a `TestCommand` instead, which returns a canned value, throws, or runs any async body, and
/// counts how often it was executed.
///
/// ```swift
/// let fetch = TestCommand(returning: [Post.sample])
/// let presenter = FeedPresenter(makeFetch: { _ in fetch })
/// // ...
/// #expect(fetch.executionCount == 1)
/// ```
///
/// Thread safety: a `TestCommand` is `Sendable`; copies share one execution counter, which is
/// updated under a lock and may be read synchronously from any thread.
public struct TestCommand<Output: Sendable>: Command {
    /// The key under which a ``CommandQueue`` coalesces this command, or `nil`.
    public let coalescingKey: String?

    private let body: @Sendable () async throws -> Output
    private let counter = Locked(0)

    /// Creates a command that runs `body` each time it is executed.
    ///
    /// - Parameters:
    ///   - coalescingKey: The key used to share in-flight executions, or `nil` (the default).
    ///   - body: The work to perform; it runs on whatever task executes the command.
    public init(coalescingKey: String? = nil, body: @escaping @Sendable () async throws -> Output) {
        self.coalescingKey = coalescingKey
        self.body = body
    }

    /// Creates a command that returns `value` each time it is executed.
    public init(returning value: Output, coalescingKey: String? = nil) {
        self.init(coalescingKey: coalescingKey) { value }
    }

    /// Creates a command that throws `error` each time it is executed.
    public init(throwing error: any Error, coalescingKey: String? = nil) {
        self.init(coalescingKey: coalescingKey) { throw error }
    }

    /// How many times ``execute()`` has been called on this command or any of its copies.
    ///
    /// The count is incremented when execution starts, before the body runs. Safe to read from any
    /// thread without `await`.
    public var executionCount: Int {
        counter.current
    }

    /// Counts the execution, then runs the body and returns (or throws) what it does.
    public func execute() async throws -> Output {
        counter.withLock { $0 += 1 }
        return try await body()
    }
}

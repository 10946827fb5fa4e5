/// The values of something a service holds: the current value first, then a fresh value after
/// every change, until the consumer stops, the integration stops, or it fails.
///
/// The delivery promise every implementation keeps (checked by the contracts):
/// - **Current first.** The first value is the state when iteration began (nothing committed before
///   `next()` was first called is missed).
/// - **At least the latest.** A burst of changes may be coalesced into fewer values, but after the
///   last change of a burst the last value delivered equals the state after it. Values arrive in
///   commit order: a value is never older than one delivered before it.
/// - **Only real changes.** A value is delivered only when it differs from the one before (another
///   owner's changes deliver nothing).
/// - **Ends cleanly.** Cancelling the consuming task, or dropping the iterator (a `break` out of a
///   `for try await` loop), ends the observation and releases what it held. A failure is thrown by
///   `next()` once, after which the sequence is over. When the integration stops, the sequence
///   ends (`next()` returns `nil`).
///
/// Each iteration observes on its own: two `for try await` loops over one value make two
/// observations. The value is `Sendable`; its iterator belongs to one task.
public struct ServiceObservation<Value: Sendable>: AsyncSequence, Sendable {
    /// Each value the observation delivers.
    public typealias Element = Value
    /// Observations fail only with a `ServiceError`.
    public typealias Failure = ServiceError

    /// What a producer delivers through: yield values, or finish with a failure.
    public struct Continuation: Sendable {
        fileprivate let base: AsyncStream<Result<Value, ServiceError>>.Continuation

        /// Delivers `value`; a value not yet taken by the consumer is replaced (at least the latest).
        public func yield(_ value: Value) {
            base.yield(.success(value))
        }

        /// Ends the observation with `error`, thrown by the consumer's next `next()`.
        public func fail(_ error: ServiceError) {
            base.yield(.failure(error))
            base.finish()
        }
    }

    /// Produces the values of one iteration; runs in a task of its own until it returns or the
    /// consumer goes away (then the task is cancelled: return promptly when it is).
    public typealias Producer = @Sendable (Continuation) async -> Void

    private let producer: Producer

    /// An observation whose values `producer` delivers; nothing runs until it is iterated.
    public init(_ producer: @escaping Producer) {
        self.producer = producer
    }

    /// An observation that fails with `error` at once: what a service returns for a request it
    /// refuses (an invalid page size) or cannot serve.
    public init(failing error: ServiceError) {
        self.init { continuation in continuation.fail(error) }
    }

    /// Starts the producer for one iteration.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Result<Value, ServiceError>.self, bufferingPolicy: .bufferingNewest(1))
        let producer = producer
        let task = Task {
            await producer(Continuation(base: continuation))
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return Iterator(base: stream.makeAsyncIterator())
    }

    /// Delivers the values of one iteration.
    public struct Iterator: AsyncIteratorProtocol {
        private var base: AsyncStream<Result<Value, ServiceError>>.Iterator
        private var isFinished = false

        fileprivate init(base: AsyncStream<Result<Value, ServiceError>>.Iterator) {
            self.base = base
        }

        /// The next value, `nil` once the observation has ended, or the failure that ended it.
        public mutating func next(isolation actor: isolated (any Actor)? = #isolation) async throws(ServiceError)
            -> Value?
        {
            guard !isFinished, let result = await base.next(isolation: actor) else {
                isFinished = true
                return nil
            }
            switch result {
            case .success(let value):
                return value
            case .failure(let error):
                isFinished = true
                throw error
            }
        }

        /// The next value; see `next(isolation:)`.
        public mutating func next() async throws(ServiceError) -> Value? {
            try await next(isolation: nil)
        }
    }

    /// The observation of `transform` applied to each value.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Value) -> Other) -> ServiceObservation<Other> {
        let base = self
        return ServiceObservation<Other> { continuation in
            var values = base.makeAsyncIterator()
            do throws(ServiceError) {
                while let value = try await values.next() {
                    continuation.yield(transform(value))
                }
            } catch {
                continuation.fail(error)
            }
        }
    }
}

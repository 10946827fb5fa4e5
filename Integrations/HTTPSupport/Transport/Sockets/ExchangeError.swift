/// Why one exchange over a socket stopped before it had an answer.
enum ExchangeError: Error {
    /// The attempt was already answered (its deadline passed, or it was cancelled) and woke the
    /// thread: nobody waits for this exchange any more.
    case abandoned
    /// The connection closed or failed before a single byte of the answer came: on a kept-alive
    /// connection the server may have closed it while it was idle, and an idempotent request can
    /// go again on a new one.
    case lostBeforeAnswer
    /// The attempt failed for good.
    case failed(HTTPFailure)

    /// The connection ended before the whole answer came.
    static let cutShort = ExchangeError.failed(.cutShort)

    /// A transient transport failure saying `reason`.
    static func transient(_ reason: String) -> ExchangeError {
        .failed(.transport(reason: reason, isTransient: true))
    }

    /// An answer that is not HTTP as the client reads it, saying `reason`.
    static func badAnswer(_ reason: String) -> ExchangeError {
        .failed(.badAnswer(reason: reason))
    }
}

extension HTTPFailure {
    /// The connection ended before the whole answer came: transient, as a new attempt may get it.
    static let cutShort = HTTPFailure.transport(
        reason: "the connection was lost before the response was complete", isTransient: true)
}

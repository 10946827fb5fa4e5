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

    /// A transient transport failure saying `reason`.
    static func transient(_ reason: String) -> ExchangeError {
        .failed(.transport(reason: reason, isTransient: true))
    }
}

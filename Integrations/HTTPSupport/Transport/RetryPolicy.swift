/// When and how long the client waits before trying an idempotent request again.
public struct RetryPolicy: Sendable {
    /// Attempts in all, the first included (1 turns retries off).
    public var maxAttempts: Int
    /// The wait before the second attempt; it doubles for each one after.
    public var baseDelay: Duration
    /// The longest wait between two attempts.
    public var maxDelay: Duration
    /// The longest `Retry-After` the client waits for; a longer one fails the call at once with
    /// `.unavailable` carrying it, so the caller decides.
    public var maxRetryAfter: Duration

    /// A policy; the defaults try three times, waiting about 0.2 s, then 0.4 s.
    public init(
        maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(200), maxDelay: Duration = .seconds(2),
        maxRetryAfter: Duration = .seconds(10)
    ) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
        self.maxRetryAfter = maxRetryAfter
    }

    /// The wait before attempt `attempt + 1`: exponential, capped, with jitter (between half and
    /// all of it), so clients that failed together do not come back together.
    func backoff(after attempt: Int) -> Duration {
        let exponential = baseDelay * Int(1 << min(attempt - 1, 20))
        let capped = min(exponential, maxDelay)
        return capped * Double.random(in: 0.5...1.0)
    }
}

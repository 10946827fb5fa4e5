import IntegrationSupport

/// Tries idempotent requests again after a transient failure: 408, 429, 500, 502, 503, 504, a
/// lost or refused connection, an answer that is not HTTP, a timed-out attempt. It waits as the policy says, or as long as
/// the server's `Retry-After` asks when that is longer. A cancelled call is never retried, and a
/// non-idempotent request (POST, PATCH) is sent once.
struct RetryMiddleware: HTTPMiddleware {
    let policy: RetryPolicy
    /// What the waits are measured on.
    let time: ElapsedClock

    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws(HTTPFailure) -> HTTPResponse {
        var request = request
        while true {
            let failure: HTTPFailure
            do {
                let response = try await next(request)
                guard let statusFailure = Self.retryableStatus(response) else { return response }
                failure = statusFailure
            } catch {
                failure = error
            }
            guard request.isIdempotent, failure.isRetryable, request.attempt < policy.maxAttempts else {
                throw failure.counting(attempts: request.attempt)
            }
            var wait = policy.backoff(after: request.attempt)
            if case .status(_, _, let retryAfter?) = failure {
                guard retryAfter <= policy.maxRetryAfter else { throw failure }
                wait = max(wait, retryAfter)
            }
            do {
                try await time.sleep(for: wait)
            } catch {
                throw .cancelled
            }
            request.attempt += 1
        }
    }

    /// A retryable error status as a failure (so it is retried like a lost connection).
    private static func retryableStatus(_ response: HTTPResponse) -> HTTPFailure? {
        HTTPFailure.retryableStatuses.contains(response.status) ? HTTPFailure(response: response) : nil
    }
}

extension HTTPFailure {
    /// The failure that ends a call after `attempts` attempts: a timeout says how many it took.
    fileprivate func counting(attempts: Int) -> HTTPFailure {
        guard case .timedOut(let after, _) = self else { return self }
        return .timedOut(after: after, attempts: attempts)
    }
}

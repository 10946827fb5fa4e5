/// Logs method, path, status, attempt and duration of every attempt (it sits inside the retry
/// middleware), timed by the client since URLSession's task metrics never arrive on Linux.
///
/// Only the method and the redacted target are logged: never headers (so never `Authorization`
/// or cookies), bodies, or the value of a token-like query item.
struct LoggingMiddleware: HTTPMiddleware {
    let log: @Sendable (HTTPLogRecord) -> Void

    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws(HTTPFailure) -> HTTPResponse {
        let start = ContinuousClock.now
        func record(status: Int?, failure: String?) {
            log(
                HTTPLogRecord(
                    method: request.method.rawValue, target: Redaction.target(request), status: status,
                    failure: failure, attempt: request.attempt, duration: ContinuousClock.now - start))
        }
        do {
            let response = try await next(request)
            record(status: response.status, failure: nil)
            return response
        } catch {
            record(status: nil, failure: Redaction.summary(error))
            throw error
        }
    }
}

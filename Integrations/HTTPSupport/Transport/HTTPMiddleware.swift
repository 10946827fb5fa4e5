/// One step of the client's request pipeline: it gets the request and `next` (the rest of the
/// chain, ending in the transport) and may change the request, call `next` any number of times
/// (retry, replay after a refresh), or answer without calling it.
///
/// The client's chain is auth, retry, logging, then any middleware the configuration adds, then
/// the transport. Implementations are safe to call from any task concurrently.
public protocol HTTPMiddleware: Sendable {
    /// Handles `request`, calling `next` to send it on.
    func intercept(
        _ request: HTTPRequest,
        next: @Sendable (HTTPRequest) async throws(HTTPFailure) -> HTTPResponse
    ) async throws(HTTPFailure) -> HTTPResponse
}

/// The rest of a middleware chain, as one function.
public typealias HTTPHandler = @Sendable (HTTPRequest) async throws(HTTPFailure) -> HTTPResponse

extension Array where Element == any HTTPMiddleware {
    /// The chain: the first middleware outermost, `transport` at the end.
    public func chained(to transport: @escaping HTTPHandler) -> HTTPHandler {
        var handler = transport
        for middleware in reversed() {
            let next = handler
            handler = { @Sendable (request: HTTPRequest) async throws(HTTPFailure) -> HTTPResponse in
                try await middleware.intercept(request, next: next)
            }
        }
        return handler
    }
}

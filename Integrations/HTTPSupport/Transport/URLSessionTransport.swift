import Foundation
import IntegrationSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The end of the middleware chain: long-lived, ephemeral `URLSession`s (no disk cache, no
/// cookies), a per-attempt deadline kept by the client itself, and cancellation that reaches the
/// network task (see `DataTaskCall`).
///
/// A request with a body goes out on a connection of its own (`Connection: close`, on a session
/// that never keeps one open). On Linux, libcurl sends a request again by itself when a reused
/// connection dies before any answer, but FoundationNetworking cannot rewind a body: the second
/// copy goes out without its body, and the server waits for it until its request timeout (408
/// after ten seconds, measured). On a fresh connection a lost answer fails at once, and the retry
/// middleware sends the request again itself, with its idempotency key. Reads keep reusing
/// connections.
final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let bodySession: URLSession
    /// One delegate per session: a task's identifier is unique only within its own session, and
    /// a shared delegate once handed a read's answer to the write that had the same number.
    private let events = TaskEvents()
    private let bodyEvents = TaskEvents()
    private let baseURL: String
    private let limits: TransportLimits
    private let calls = InFlightCalls()

    /// A transport for `baseURL` allowing `limits.maxConnections` connections to it (at most 6 on
    /// Linux).
    init(baseURL: URL, limits: TransportLimits) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = limits.maxConnections
        // URLSession's own timeout only backs up the client's deadline: on Linux it counts whole
        // seconds, so it is set a second later than the deadline and never decides alone.
        configuration.timeoutIntervalForRequest = Self.backstop(for: limits.attemptTimeout)
        session = URLSession(configuration: configuration, delegate: events, delegateQueue: nil)
        bodySession = URLSession(configuration: configuration, delegate: bodyEvents, delegateQueue: nil)
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.limits = limits
    }

    func send(_ request: HTTPRequest) async throws(HTTPFailure) -> HTTPResponse {
        guard !Task.isCancelled else { throw .cancelled }
        let urlRequest = try makeURLRequest(request)
        let call = DataTaskCall(maxBytes: limits.maxResponseBytes)
        let (session, events) = request.body == nil ? (session, events) : (bodySession, bodyEvents)
        do {
            return try await calls.answer(call, attempt: request.attempt) {
                await call.run(
                    urlRequest, on: session, events: events, deadline: limits.deadline(of: request), on: limits.time)
            }
        } catch .timedOut {
            throw .timedOut(after: limits.deadline(of: request))
        }
    }

    deinit {
        // Only here: creating a task on an invalidated session traps in FoundationNetworking, and
        // once the transport is gone nobody can create one.
        session.finishTasksAndInvalidate()
        bodySession.finishTasksAndInvalidate()
    }

    func close() {
        calls.close()
    }

    /// URLSession's own timeout for `deadline`: whole seconds on Linux, so a second later than
    /// the deadline, which always decides first.
    private static func backstop(for deadline: Duration) -> TimeInterval {
        TimeInterval(deadline.components.seconds + 2)
    }

    private func makeURLRequest(_ request: HTTPRequest) throws(HTTPFailure) -> URLRequest {
        var text = baseURL + request.path
        if !request.query.isEmpty { text += "?" + PercentEncoding.query(request.query) }
        guard let url = URL(string: text) else {
            throw .transport(reason: "\(request.name) does not make a valid URL", isTransient: false)
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        if request.serverHold > .zero { urlRequest.timeoutInterval = Self.backstop(for: limits.deadline(of: request)) }
        // `Content-Type` among them: without it, FoundationNetworking sends a POST body as form-encoded.
        for (name, value) in request.headerFields { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let body = request.body {
            urlRequest.httpBody = body
            // A connection of its own: see the type's description.
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        }
        return urlRequest
    }
}

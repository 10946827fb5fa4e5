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
final class URLSessionTransport: Sendable {
    private let session: URLSession
    private let bodySession: URLSession
    /// One delegate per session: a task's identifier is unique only within its own session, and
    /// a shared delegate once handed a read's answer to the write that had the same number.
    private let events = TaskEvents()
    private let bodyEvents = TaskEvents()
    private let baseURL: String
    private let attemptTimeout: Duration
    private let maxResponseBytes: Int
    private let calls = InFlightCalls()
    private let time: ElapsedClock

    /// A transport for `baseURL` allowing `maxConnections` connections to it (at most 6 on Linux),
    /// measuring each attempt's deadline on `time`.
    init(baseURL: URL, attemptTimeout: Duration, maxResponseBytes: Int, maxConnections: Int, time: ElapsedClock) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpMaximumConnectionsPerHost = maxConnections
        // URLSession's own timeout only backs up the client's deadline: on Linux it counts whole
        // seconds, so it is set a second later than the deadline and never decides alone.
        configuration.timeoutIntervalForRequest = Self.backstop(for: attemptTimeout)
        session = URLSession(configuration: configuration, delegate: events, delegateQueue: nil)
        bodySession = URLSession(configuration: configuration, delegate: bodyEvents, delegateQueue: nil)
        var base = baseURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        self.baseURL = base
        self.attemptTimeout = attemptTimeout
        self.maxResponseBytes = maxResponseBytes
        self.time = time
    }

    /// Sends one attempt of `request`.
    func send(_ request: HTTPRequest) async throws(HTTPFailure) -> HTTPResponse {
        guard !Task.isCancelled else { throw .cancelled }
        let urlRequest = try makeURLRequest(request)
        let call = DataTaskCall(maxBytes: maxResponseBytes)
        guard calls.insert(call) else {
            throw .transport(reason: "the HTTP integration is stopped", isTransient: false)
        }
        defer { calls.remove(call) }
        let result = await withTaskCancellationHandler {
            let (session, events) = request.body == nil ? (session, events) : (bodySession, bodyEvents)
            return await call.run(
                urlRequest, on: session, events: events, deadline: deadline(of: request), on: time)
        } onCancel: {
            call.cancel()
        }
        switch result {
        case .success(var response):
            response.attempt = request.attempt
            return response
        case .failure(.timedOut): throw .timedOut(after: deadline(of: request))
        case .failure(let failure): throw failure
        }
    }

    deinit {
        // Only here: creating a task on an invalidated session traps in FoundationNetworking, and
        // once the transport is gone nobody can create one.
        session.finishTasksAndInvalidate()
        bodySession.finishTasksAndInvalidate()
    }

    /// Answers every attempt in flight with `.cancelled` and refuses every later one (a retry
    /// waking from its backoff, a caller that was waiting for a slot); for `stop()`.
    func close() {
        calls.close()
    }

    /// How long an attempt of `request` may take: the attempt timeout, plus what the server may
    /// hold it for (a long-poll).
    private func deadline(of request: HTTPRequest) -> Duration {
        attemptTimeout + request.serverHold
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
        if request.serverHold > .zero { urlRequest.timeoutInterval = Self.backstop(for: deadline(of: request)) }
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let key = request.idempotencyKey { urlRequest.setValue(key, forHTTPHeaderField: "Idempotency-Key") }
        if let body = request.body {
            // Without it, FoundationNetworking sends a POST body as form-encoded.
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = body
            // A connection of its own: see the type's description.
            urlRequest.setValue("close", forHTTPHeaderField: "Connection")
        }
        return urlRequest
    }
}

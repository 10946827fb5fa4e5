import Foundation
import IntegrationSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The end of the middleware chain: one long-lived, ephemeral `URLSession` (no disk cache, no
/// cookies), a per-attempt deadline kept by the client itself, and cancellation that reaches the
/// network task (see `DataTaskCall`).
final class URLSessionTransport: Sendable {
    private let session: URLSession
    private let events = TaskEvents()
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
        configuration.timeoutIntervalForRequest = TimeInterval(attemptTimeout.components.seconds + 2)
        session = URLSession(configuration: configuration, delegate: events, delegateQueue: nil)
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
            await call.run(urlRequest, on: session, events: events, deadline: attemptTimeout, on: time)
        } onCancel: {
            call.cancel()
        }
        switch result {
        case .success(var response):
            response.attempt = request.attempt
            return response
        case .failure(.timedOut): throw .timedOut(after: attemptTimeout)
        case .failure(let failure): throw failure
        }
    }

    deinit {
        // Only here: creating a task on an invalidated session traps in FoundationNetworking, and
        // once the transport is gone nobody can create one.
        session.finishTasksAndInvalidate()
    }

    /// Answers every attempt in flight with `.cancelled` and refuses every later one (a retry
    /// waking from its backoff, a caller that was waiting for a slot); for `stop()`.
    func close() {
        calls.close()
    }

    private func makeURLRequest(_ request: HTTPRequest) throws(HTTPFailure) -> URLRequest {
        var text = baseURL + request.path
        if !request.query.isEmpty { text += "?" + PercentEncoding.query(request.query) }
        guard let url = URL(string: text) else {
            throw .transport(reason: "\(request.name) does not make a valid URL", isTransient: false)
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.setValue("application/json", forHTTPHeaderField: "Accept")
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        if let body = request.body {
            // Without it, FoundationNetworking sends a POST body as form-encoded.
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
            urlRequest.httpBody = body
        }
        return urlRequest
    }
}

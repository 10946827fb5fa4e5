import Dispatch
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One attempt on the network: a `URLSessionDataTask` wrapped in a continuation, with a deadline
/// and cancellation the client enforces itself.
///
/// Why not `URLSession.data(for:)`: on Linux, cancelling it can deadlock (its cancellation
/// handler runs the task's cancel synchronously on a queue the task itself uses), and its
/// timeouts are whole seconds. Here the caller is answered at once (timed out or cancelled) and
/// `cancel()` on the task runs later on a queue of its own.
final class DataTaskCall: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `continuation`, `task` and `outcome` are read and written
    // only while holding `lock`, and the continuation is resumed outside it exactly once (the
    // first `finish` takes it out).
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>?
    private var task: URLSessionDataTask?
    private var outcome: Result<HTTPResponse, HTTPFailure>?

    private static let cancelQueue = DispatchQueue(label: "silo.http.cancel")
    private static let deadlineQueue = DispatchQueue(label: "silo.http.deadline")

    /// Sends `request` and waits for its response, the deadline, or `cancel()`, whichever is first.
    func run(_ request: URLRequest, on session: URLSession, deadline: Duration, maxBytes: Int) async -> Result<
        HTTPResponse, HTTPFailure
    > {
        await withCheckedContinuation { continuation in
            let task = session.dataTask(with: request) { [weak self] data, response, error in
                self?.finish(
                    Self.result(data: data, response: response, error: error, maxBytes: maxBytes), cancelTask: false)
            }
            let early: Result<HTTPResponse, HTTPFailure>? = lock.withLock {
                if let outcome { return outcome }
                self.continuation = continuation
                self.task = task
                return nil
            }
            if let early {
                continuation.resume(returning: early)
                return
            }
            task.resume()
            let nanoseconds =
                deadline.components.seconds * 1_000_000_000 + deadline.components.attoseconds / 1_000_000_000
            Self.deadlineQueue.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [weak self] in
                self?.finish(.failure(.timedOut(after: deadline)), cancelTask: true)
            }
        }
    }

    /// Answers the caller with `.cancelled` now and cancels the network task.
    func cancel() {
        finish(.failure(.cancelled), cancelTask: true)
    }

    private func finish(_ result: Result<HTTPResponse, HTTPFailure>, cancelTask: Bool) {
        let (continuation, task):
            (CheckedContinuation<Result<HTTPResponse, HTTPFailure>, Never>?, URLSessionDataTask?) =
                lock.withLock {
                    guard outcome == nil else { return (nil, nil) }
                    outcome = result
                    defer {
                        self.continuation = nil
                        self.task = nil
                    }
                    return (self.continuation, self.task)
                }
        continuation?.resume(returning: result)
        if cancelTask, let task { Self.cancelQueue.async { task.cancel() } }
    }

    private static func result(data: Data?, response: URLResponse?, error: (any Error)?, maxBytes: Int) -> Result<
        HTTPResponse, HTTPFailure
    > {
        if let error { return .failure(failure(error)) }
        guard let response = response as? HTTPURLResponse else {
            return .failure(.transport(reason: "the answer was not an HTTP response", isTransient: false))
        }
        let body = data ?? Data()
        guard body.count <= maxBytes else { return .failure(.tooLarge(bytes: body.count, limit: maxBytes)) }
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in response.allHeaderFields {
            headers[name.lowercased()] = value
        }
        return .success(HTTPResponse(status: response.statusCode, headers: headers, body: body))
    }

    /// What a `URLError` means for the caller: transient ones may be retried.
    private static func failure(_ error: any Error) -> HTTPFailure {
        guard let urlError = error as? URLError else {
            return .transport(reason: String(describing: error), isTransient: false)
        }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timedOut(after: .seconds(0))
        case .cannotConnectToHost, .networkConnectionLost, .notConnectedToInternet, .dnsLookupFailed, .cannotFindHost,
            .cannotLoadFromNetwork, .badServerResponse, .zeroByteResource,
            // What FoundationNetworking reports for a body cut short (curl's "partial file").
            .unknown:
            return .transport(reason: describe(urlError), isTransient: true)
        default:
            return .transport(reason: describe(urlError), isTransient: false)
        }
    }

    private static func describe(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "could not connect to the server"
        case .networkConnectionLost: "the connection was lost before the response was complete"
        case .notConnectedToInternet: "the network is offline"
        case .dnsLookupFailed, .cannotFindHost: "the server's host name could not be resolved"
        case .badServerResponse: "the server's response was malformed or cut short"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            "the TLS connection could not be trusted"
        case .httpTooManyRedirects: "too many redirects"
        case .unknown: "the connection failed before the response was complete"
        default: "URL error \(error.code.rawValue)"
        }
    }
}

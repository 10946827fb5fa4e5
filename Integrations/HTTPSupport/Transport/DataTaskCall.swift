import Dispatch
import Foundation
import IntegrationSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One attempt on the network: a `URLSessionDataTask` whose events (`TaskEvents`, the session's
/// delegate) are collected here, with a deadline and cancellation the client enforces itself.
///
/// Why not `URLSession.data(for:)`: on Linux, cancelling it can deadlock (its cancellation
/// handler runs the task's cancel synchronously on a queue the task itself uses), and its
/// timeouts are whole seconds. Here the caller is answered at once (timed out, cancelled, or a
/// body over the limit) and `cancel()` on the task runs later on a queue of its own.
final class DataTaskCall: CancellableCall, @unchecked Sendable {
    // `@unchecked Sendable` is safe: every stored `var` is read and written only while holding
    // `lock`; who answers the caller, once, is `answer`'s business.
    private let lock = NSLock()
    private let answer = AttemptAnswer()
    private let maxBytes: Int
    private var response: HTTPURLResponse?
    private var body = Data()
    private var wasChallenged = false

    private static let cancelQueue = DispatchQueue(label: "silo.http.cancel")

    /// A call that accepts bodies of at most `maxBytes`.
    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Sends `request` and waits for its response, the deadline (measured on `time`), or
    /// `cancel()`, whichever is first.
    func run(
        _ request: URLRequest, on session: URLSession, events: TaskEvents, deadline: Duration, on time: ElapsedClock
    ) async -> Result<HTTPResponse, HTTPFailure> {
        let task = session.dataTask(with: request)
        return await answer.wait(
            deadline: deadline, on: time, abandon: { Self.cancelQueue.async { task.cancel() } }
        ) {
            events.register(self, for: task)
            task.resume()
        }
    }

    /// Answers the caller with `.cancelled` now and cancels the network task.
    func cancel() {
        answer.finish(.failure(.cancelled), stoppingWork: true)
    }

    // MARK: - Events from the session's delegate

    /// The response head arrived.
    func received(_ response: URLResponse) {
        lock.withLock { self.response = response as? HTTPURLResponse }
    }

    /// Body bytes arrived; past the limit the call fails at once and the task is cancelled.
    func received(_ data: Data) {
        let total: Int = lock.withLock {
            body.append(data)
            return body.count
        }
        if total > maxBytes { answer.finish(.failure(.tooLarge(bytes: total, limit: maxBytes)), stoppingWork: true) }
    }

    /// The server answered with a redirect, which is not followed: its response is the answer.
    func redirected(_ response: HTTPURLResponse) {
        lock.withLock { self.response = response }
    }

    /// The server challenged for credentials (`WWW-Authenticate: Basic`), which are never offered.
    func challenged() {
        lock.withLock { wasChallenged = true }
    }

    /// The task ended, with `error` or after the whole body.
    func completed(_ error: (any Error)?) {
        let (response, body, wasChallenged) = lock.withLock { (self.response, self.body, self.wasChallenged) }
        if wasChallenged {
            // FoundationNetworking can only cancel a challenge it cannot answer; what the server
            // said was 401.
            answer.finish(.success(HTTPResponse(status: 401, headers: [:], body: Data())), stoppingWork: false)
        } else if let error {
            answer.finish(.failure(Self.failure(error)), stoppingWork: false)
        } else if let response {
            answer.finish(
                .success(HTTPResponse(status: response.statusCode, headers: Self.headers(response), body: body)),
                stoppingWork: false)
        } else {
            answer.finish(
                .failure(.transport(reason: "the answer was not an HTTP response", isTransient: false)),
                stoppingWork: false)
        }
    }

    private static func headers(_ response: HTTPURLResponse) -> [String: String] {
        var headers: [String: String] = [:]
        for case (let name as String, let value as String) in response.allHeaderFields {
            headers[name.lowercased()] = value
        }
        return headers
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

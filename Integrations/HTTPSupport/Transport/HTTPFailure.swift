import Foundation

/// Every way a request can fail inside the integration. Mapped to `ServiceError` once, at the
/// service boundary (Mapping/ServiceError+HTTPFailure.swift); nothing else leaves the integration.
public enum HTTPFailure: Error, Sendable, Equatable {
    /// The request did not get a response: `reason` says why; `isTransient` when trying again can help
    /// (connection refused or reset, DNS hiccup, network down).
    case transport(reason: String, isTransient: Bool)
    /// The server answered, but not in HTTP as this client reads it: `reason` says what was wrong
    /// (a malformed head, length or chunk, a protocol switch nobody asked for). A retry can get
    /// past a glitch on the way; a server at that URL that is not the one meant answers so every time.
    case badAnswer(reason: String)
    /// No attempt finished within its deadline: `after` is each attempt's deadline, `attempts`
    /// how many were made (the retry middleware counts them when it gives up).
    case timedOut(after: Duration, attempts: Int = 1)
    /// The caller cancelled.
    case cancelled
    /// The server answered with an error status and (when it sent one) the API's error body.
    case status(Int, error: APIErrorBody?, retryAfter: Duration?)
    /// The body is not what the endpoint expects: `path` is the key path (`items[3].created_at`),
    /// `expectation` what was wanted (`expected ISO 8601 date`).
    case decoding(path: String, expectation: String)
    /// The body is larger than the configured limit.
    case tooLarge(bytes: Int, limit: Int)
    /// The request acts for a user who has no session on this device: nothing was sent.
    case notSignedIn(user: String)

    /// What a call gets once its client is closed: nothing is sent.
    static let closed = HTTPFailure.transport(
        reason: "the HTTP client is closed (its integration was stopped)", isTransient: false)

    /// The statuses after which an idempotent request is tried again.
    static let retryableStatuses: Set<Int> = [408, 429, 500, 502, 503, 504]

    /// The failure an error response is: its status, the API's error body if it sent one, and its
    /// `Retry-After`.
    init(response: HTTPResponse) {
        self = .status(
            response.status, error: APIErrorBody.decode(from: response),
            retryAfter: RetryAfter.parse(response.header("retry-after")))
    }

    /// Whether an idempotent request should be tried again after this failure.
    var isRetryable: Bool {
        switch self {
        case .transport(_, let isTransient): isTransient
        case .badAnswer: true
        case .timedOut: true
        case .status(let code, _, _): Self.retryableStatuses.contains(code)
        case .cancelled, .decoding, .tooLarge, .notSignedIn: false
        }
    }
}

import Services

extension ServiceError {
    /// The mapping of an HTTP client's failures to the app's errors, made at an integration's
    /// service boundary. `operation` names the call in messages (`"GET /v1/posts/{post_id}"`),
    /// `subject` names what a 404 was about (`"post p1"`), and `fieldName` gives the app's name
    /// for an input field the API names (`display_name` is `displayName`).
    public init(
        _ failure: HTTPFailure, operation: String, subject: String? = nil,
        fieldName: (String) -> String = { $0 }
    ) {
        switch failure {
        case .transport(let reason, let isTransient):
            self = .unavailable(
                reason: "\(operation): \(reason)"
                    + (isTransient ? "; check that the server is running there, then retry" : ""),
                retryAfter: nil)
        case .badAnswer(let reason):
            self = .unavailable(
                reason: "\(operation): \(reason); check that the URL points at the server this client is for",
                retryAfter: nil)
        case .timedOut(let after, 1):
            self = .timedOut(operation: "\(operation) (no answer within \(after))")
        case .timedOut(let after, let attempts):
            self = .timedOut(operation: "\(operation) (no answer within \(after) to any of \(attempts) attempts)")
        case .cancelled:
            self = .cancelled
        case .decoding(let path, let expectation):
            self = .corruptData(location: "the response to \(operation)", reason: "\(path): \(expectation)")
        case .tooLarge(let bytes, let limit):
            self = .corruptData(
                location: "the response to \(operation)",
                reason: "the body is larger than the \(limit)-byte limit (stopped after \(bytes) bytes)")
        case .notSignedIn(let user):
            self = .unauthorized(reason: "\(operation): user \(user) is not signed in here; sign in to act for them")
        case .status(let code, let body, let retryAfter):
            self = Self.status(
                code, body: body, retryAfter: retryAfter, operation: operation, subject: subject, fieldName: fieldName)
        }
    }

    private static func status(
        _ code: Int, body: APIErrorBody?, retryAfter: Duration?, operation: String, subject: String?,
        fieldName: (String) -> String
    ) -> ServiceError {
        let message = body?.message ?? "HTTP \(code)"
        switch code {
        case 400, 422:
            return .invalidInput(field: body?.field.map(fieldName) ?? "request", reason: message)
        case 401:
            return .unauthorized(reason: "\(operation): \(message)")
        case 403:
            return .forbidden(reason: message)
        case 404:
            return .notFound(what: subject ?? message)
        case 409:
            return .conflict(reason: message)
        case 429:
            return .unavailable(reason: "\(operation): \(message)", retryAfter: retryAfter)
        case 503:
            return .unavailable(reason: "\(operation): the server is busy (\(message))", retryAfter: retryAfter)
        case 408, 504:
            return .timedOut(operation: operation)
        case 300..<400:
            return .unavailable(
                reason: "\(operation): the server answered with a redirect (HTTP \(code)), which is not followed "
                    + "(it would carry the credentials along): set the base URL to the address it points at",
                retryAfter: nil)
        case 400..<500:
            // 405, 410, 413, 414, 415, 431, ...: the request itself is wrong; trying again cannot help.
            return .invalidInput(field: body?.field.map(fieldName) ?? "request", reason: "HTTP \(code): \(message)")
        default:
            return .unavailable(
                reason: "\(operation): the server failed with HTTP \(code) (\(message))", retryAfter: retryAfter)
        }
    }
}

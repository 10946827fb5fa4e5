extension ServiceError: CustomStringConvertible {
    /// One line for a log or a terminal, naming the case and its details.
    public var description: String {
        switch self {
        case .notFound(let what):
            "Not found: \(what)"
        case .invalidInput(let field, let reason):
            "Invalid \(field): \(reason)"
        case .conflict(let reason):
            "Conflict: \(reason)"
        case .unauthorized(let reason):
            "Unauthorized: \(reason)"
        case .forbidden(let reason):
            "Forbidden: \(reason)"
        case .unavailable(let reason, let retryAfter?):
            "Unavailable: \(reason) (retry after \(retryAfter))"
        case .unavailable(let reason, nil):
            "Unavailable: \(reason)"
        case .timedOut(let operation):
            "Timed out: \(operation)"
        case .corruptData(let location, let reason):
            "Corrupt data in \(location): \(reason)"
        case .cancelled:
            "Cancelled"
        }
    }
}

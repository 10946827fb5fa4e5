import Services

/// A required integration could not start: names it, says why, and says what to do.
///
/// Its `description` is the one message the sample app prints before exiting.
public struct IntegrationStartError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The integration's name, e.g. `"SQLite"`.
    public let integration: String
    /// What went wrong, as the integration reported it.
    public let cause: ServiceError

    /// Creates the error for `integration` failing with `cause`.
    public init(integration: String, cause: ServiceError) {
        self.integration = integration
        self.cause = cause
    }

    /// What the user can do about `cause`.
    public var remedy: String {
        switch cause {
        case .corruptData(let location, _):
            "The data at \(location) was left untouched. Move it aside or restore a backup, then start again."
        case .timedOut:
            "Check that the disk or service it needs is responsive, then start again."
        case .unauthorized:
            "Check the integration's credentials in the environment (they are never printed)."
        case .unavailable(_, let retryAfter?):
            "Retry after \(retryAfter)."
        case .unavailable:
            "Check that what it needs (a directory, a server) exists and is reachable, then start again."
        case .invalidInput(let field, _):
            "Fix the configuration value \(field) and start again."
        case .notFound, .conflict, .cancelled:
            "Start again; if it keeps failing, run with --verbose and report the message."
        }
    }

    /// `"<integration> could not start: <cause>. <remedy>"`.
    public var description: String {
        "\(integration) could not start: \(cause). \(remedy)"
    }
}

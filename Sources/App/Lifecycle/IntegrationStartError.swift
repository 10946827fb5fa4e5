import Services

/// A required integration could not start: names it, says why, and, where the cause alone does not
/// say it, what to do.
///
/// Its `description` is the one message the sample app prints before exiting. Integrations put the
/// remedy that fits the cause into their errors (a full disk says to free space, a foreign file
/// says it was left unchanged and how to move on); `remedy` adds one only for causes where the
/// same advice always fits.
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

    /// What the user can do, for causes where one piece of advice always fits; `nil` otherwise
    /// (the cause's own message says it).
    public var remedy: String? {
        switch cause {
        case .timedOut:
            "Check that the disk or service it needs responds, then start again."
        case .unauthorized:
            "Check the integration's credentials in the environment (they are never printed)."
        case .unavailable(_, let retryAfter?):
            "Retry after \(retryAfter)."
        case .invalidInput(let field, _):
            "Fix the configuration value \(field) and start again."
        case .unavailable, .corruptData, .notFound, .conflict, .forbidden, .cancelled:
            nil
        }
    }

    /// `"<integration> could not start: <cause>."`, then the remedy when there is one; never a
    /// doubled full stop.
    public var description: String {
        var cause = cause.description
        while cause.hasSuffix(".") { cause.removeLast() }
        return "\(integration) could not start: \(cause)." + (remedy.map { " " + $0 } ?? "")
    }
}

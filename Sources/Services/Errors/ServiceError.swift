/// The one error vocabulary of the app: every service method throws only this type.
///
/// Each integration maps its own failures (SQLite result codes, HTTP statuses, vendor SDK errors,
/// file-system errors) into these cases at its service boundary, so no integration-specific error
/// type ever reaches features or views. Messages are written for a developer reading a log and
/// never contain secrets such as tokens.
public enum ServiceError: Error, Hashable, Sendable {
    /// The thing asked for does not exist (any more); `what` names it, e.g. `"post 42"`.
    case notFound(what: String)
    /// An input broke a rule; `field` names it (`"text"`, `"handle"`, `"cursor"`, ...), `reason`
    /// says why in words a user can act on.
    case invalidInput(field: String, reason: String)
    /// The request conflicts with existing data, e.g. a handle already taken.
    case conflict(reason: String)
    /// The caller's credentials were missing, wrong or expired.
    case unauthorized(reason: String)
    /// The caller is known but may not do this, e.g. delete another user's post; nothing changed.
    case forbidden(reason: String)
    /// The backing system cannot serve now; retry later, after `retryAfter` when the system said.
    case unavailable(reason: String, retryAfter: Duration?)
    /// The operation did not finish within its deadline; `operation` names it.
    case timedOut(operation: String)
    /// Stored or received data could not be read; `location` names the file, table or response,
    /// `reason` says what is wrong. Nothing was overwritten.
    case corruptData(location: String, reason: String)
    /// The caller cancelled the operation; nothing was committed.
    case cancelled
}

extension ServiceError {
    /// The case of an error without its payload: for switching, counting and mapping to exit codes.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// See `ServiceError.notFound(what:)`.
        case notFound
        /// See `ServiceError.invalidInput(field:reason:)`.
        case invalidInput
        /// See `ServiceError.conflict(reason:)`.
        case conflict
        /// See `ServiceError.unauthorized(reason:)`.
        case unauthorized
        /// See `ServiceError.forbidden(reason:)`.
        case forbidden
        /// See `ServiceError.unavailable(reason:retryAfter:)`.
        case unavailable
        /// See `ServiceError.timedOut(operation:)`.
        case timedOut
        /// See `ServiceError.corruptData(location:reason:)`.
        case corruptData
        /// See `ServiceError.cancelled`.
        case cancelled
    }

    /// The case of this error without its payload.
    public var kind: Kind {
        switch self {
        case .notFound: .notFound
        case .invalidInput: .invalidInput
        case .conflict: .conflict
        case .unauthorized: .unauthorized
        case .forbidden: .forbidden
        case .unavailable: .unavailable
        case .timedOut: .timedOut
        case .corruptData: .corruptData
        case .cancelled: .cancelled
        }
    }

    /// The field an invalid-input error names, otherwise `nil`.
    public var field: String? {
        if case .invalidInput(let field, _) = self { field } else { nil }
    }
}

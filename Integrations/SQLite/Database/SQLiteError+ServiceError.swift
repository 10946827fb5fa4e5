import CSQLite
import Services

extension SQLiteError {
    /// The `ServiceError` a service throws for this failure.
    ///
    /// - Busy or locked database, full disk, I/O error and every other code: `.unavailable`, with
    ///   the extended code and SQLite's message so a log says what happened.
    /// - Corrupt file (11) or not a database (26): `.corruptData` naming `location`, the file.
    ///
    /// Constraint violations that mean something to a service (a taken handle, an unknown author)
    /// are mapped by the service itself before falling back to this.
    func serviceError(location: String) -> ServiceError {
        if isCorruption {
            return .corruptData(location: location, reason: message)
        }
        switch primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .unavailable(reason: "database \(location) is busy (\(description))", retryAfter: nil)
        case SQLITE_FULL:
            return .unavailable(reason: "disk full writing \(location) (\(description))", retryAfter: nil)
        case SQLITE_IOERR:
            return .unavailable(reason: "I/O error on \(location) (\(description))", retryAfter: nil)
        default:
            return .unavailable(reason: "\(description) on \(location)", retryAfter: nil)
        }
    }
}

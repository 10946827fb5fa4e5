import GRDB
import Services

extension ServiceError {
    /// Maps what GRDB threw while working on the database at `location` to the app's error
    /// vocabulary, so no GRDB error leaves the integration.
    ///
    /// `meaning` reads a failure the caller expects (a taken handle, an unknown author) first;
    /// everything else gets one message per cause, naming the file and a remedy that fits.
    init(_ error: any Error, location: String, meaning: (DatabaseError) -> ServiceError? = { _ in nil }) {
        switch error {
        case let error as ServiceError:
            self = error
        case is CancellationError:
            self = .cancelled
        case let error as DatabaseError:
            self = meaning(error) ?? ServiceError(error, location: location)
        default:
            self = .unavailable(reason: "\(location) failed: \(error)", retryAfter: nil)
        }
    }

    private init(_ error: DatabaseError, location: String) {
        let detail = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            self = .unavailable(
                reason: "\(location) is busy: another process holds it; try again when it is done",
                retryAfter: nil)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self = .corruptData(
                location: location,
                reason: "it is not a database or is damaged (\(detail)); restore a backup or "
                    + "move it away to start empty")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
            self = .unavailable(
                reason: "cannot open \(location) for writing (\(detail)); check that it is a file this user "
                    + "may read and write, in a directory that exists", retryAfter: nil)
        case .SQLITE_FULL:
            self = .unavailable(reason: "the disk holding \(location) is full; free some space", retryAfter: nil)
        case .SQLITE_IOERR:
            self = .unavailable(
                reason: "the disk reported an error on \(location) (\(detail)); check the disk", retryAfter: nil)
        default:
            self = .unavailable(reason: "\(location) failed: \(detail)", retryAfter: nil)
        }
    }
}

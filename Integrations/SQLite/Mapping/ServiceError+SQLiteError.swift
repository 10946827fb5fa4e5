import CSQLite
import IntegrationSupport
import Services

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ServiceError {
    /// Maps a SQLite failure on the file `location` to the error a service throws: one message per
    /// cause, each naming the file and a remedy that fits ("try again" only where it can help).
    ///
    /// | cause | kind | remedy |
    /// |---|---|---|
    /// | corrupt file (11), not a database (26) | corrupt data | move it aside or restore a backup |
    /// | busy or locked (5, 6) | unavailable | try again when the other process has finished |
    /// | disk full (13, or `ENOSPC` underneath) | unavailable | free space, then try again |
    /// | read-only (8) | unavailable | make it writable or use another data directory |
    /// | cannot open (14), by `errno` | unavailable | permissions, a missing directory, ... |
    /// | I/O error (10) | unavailable | check the disk |
    ///
    /// Constraint violations that mean something to a service (a taken handle, an unknown author)
    /// are mapped by the service itself before falling back to this.
    init(_ error: SQLiteError, location: String) {
        self = Self.mapping(error, location: location)
    }

    private static func mapping(_ error: SQLiteError, location: String) -> ServiceError {
        let description = error.description
        if error.isCorruption {
            return .corruptData(
                location: location,
                reason:
                    "SQLite cannot read it (\(description)); it was left unchanged: move it aside or restore a backup"
            )
        }
        let system = SystemError("open", path: location, code: error.systemErrno)
        if system.isDiskFull || error.primaryCode == SQLITE_FULL {
            return unavailable("the disk holding \(location) is full (\(description)): free some space, then try again")
        }
        switch error.primaryCode {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return unavailable(
                "another connection kept \(location) locked longer than the busy timeout (\(description)): "
                    + "try again when the other process has finished")
        case SQLITE_READONLY:
            return unavailable(
                "\(location) cannot be written because the file, its directory or the file system is read-only "
                    + "(\(description)): make it writable, or use another data directory")
        case SQLITE_CANTOPEN:
            return unavailable(cannotOpenReason(error, system: system, location))
        case SQLITE_IOERR:
            return unavailable(
                "an I/O error occurred on \(location) (\(description)): check the disk and the file system")
        default:
            return unavailable("\(description) on \(location)")
        }
    }

    private static func cannotOpenReason(_ error: SQLiteError, system: SystemError, _ location: String) -> String {
        if system.isPermissionDenied {
            "permission denied opening \(location): give this user read and write access to it and its directory"
        } else if system.code == ENOENT {
            "the directory of \(location) does not exist: create it, or use another data directory"
        } else if system.isReadOnlyFileSystem {
            "\(location) is on a read-only file system: use another data directory"
        } else {
            "cannot open \(location) (\(error.description)): check that it names a file in a directory this user can write"
        }
    }

    private static func unavailable(_ reason: String) -> ServiceError {
        .unavailable(reason: reason, retryAfter: nil)
    }
}

import IntegrationSupport
import Services

extension ServiceError {
    /// The error a failed save or lock of the store's `file` reports, with the remedy its cause
    /// calls for. The file on disk is unchanged in every case.
    init(saving error: SystemError, file: String) {
        let detail = "\(error)"
        if error.isDiskFull {
            self = .unavailable(
                reason: "Cannot save the JSON store \(file): the disk is full (\(detail)); the store is "
                    + "unchanged. Free some space, then try again",
                retryAfter: nil)
        } else if error.isPermissionDenied {
            self = .unavailable(
                reason: "Cannot save the JSON store \(file): permission denied (\(detail)); make its "
                    + "directory writable by this user",
                retryAfter: nil)
        } else if error.isReadOnlyFileSystem {
            self = .unavailable(
                reason: "Cannot save the JSON store \(file): the file system is read-only (\(detail)); give "
                    + "the app a writable data directory",
                retryAfter: nil)
        } else {
            self = .unavailable(
                reason: "Cannot save the JSON store \(file) (\(detail)); the store is unchanged. Check the "
                    + "disk and its directory, then try again",
                retryAfter: nil)
        }
    }
}

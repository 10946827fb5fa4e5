import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed system call on a file: which step, which path, and the `errno` it set.
///
/// Integrations map it to a `ServiceError` with the remedy that fits their cause (`isDiskFull`,
/// `isPermissionDenied`, ...); `description` names the step, the path and the system's words.
public struct SystemError: LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// What was being done, e.g. `"write"`, `"rename"`, `"fsync"`.
    public let step: String
    /// The file or directory it was done to.
    public let path: String
    /// The `errno` the call set.
    public let code: Int32

    /// Creates the error for `step` on `path` with `code` (the current `errno` by default).
    public init(_ step: String, path: String, code: Int32 = errno) {
        self.step = step
        self.path = path
        self.code = code
    }

    /// Whether the disk (or quota) is full: `ENOSPC` or `EDQUOT`.
    public var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }

    /// Whether permissions refused it: `EACCES` or `EPERM`.
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }

    /// Whether the file system is mounted read-only: `EROFS`.
    public var isReadOnlyFileSystem: Bool { code == EROFS }

    /// What to do about it when it came from writing, creating or locking a file: free some space
    /// (then trying again helps), make the directory writable, use another directory, or, for a
    /// cause no user can fix from here (an I/O error), check the disk.
    public var writeRemedy: String {
        if isDiskFull { return "the disk is full: free some space, then try again" }
        if isPermissionDenied { return "permission denied: make the file and its directory writable by this user" }
        if isReadOnlyFileSystem { return "the file system is read-only: use a writable directory" }
        return "check the disk and the directory it is in"
    }

    /// `"write /data/store.json: No space left on device"`.
    public var description: String {
        "\(step) \(path): \(String(cString: strerror(code)))"
    }

    /// The `description`, so `localizedDescription` gives the step, the path and the system's words.
    public var errorDescription: String? { description }
}

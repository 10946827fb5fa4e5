import Foundation
import Services

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension Data {
    /// The bytes of the regular file at `url`, or `nil` when there is no file there: the one
    /// failure a store takes for "nothing stored yet".
    ///
    /// The file is opened without waiting and checked before it is read, so a named pipe, a socket
    /// or a device at `url` is refused at once instead of blocking the caller for a writer that
    /// may never come.
    ///
    /// - Throws: `SystemError` for any other cause (not a regular file, a directory, no
    ///   permission, an I/O error), so a file that is there but unreadable is never taken for a
    ///   missing one.
    public init?(contentsOfFileIfPresent url: URL) throws {
        // O_NONBLOCK: opening a named pipe for reading would wait for a writer; on a regular file
        // it changes nothing.
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw SystemError("open", path: url.path)
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemError("fstat", path: url.path) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw SystemError(
                "read a non-regular file", path: url.path, code: info.st_mode & S_IFMT == S_IFDIR ? EISDIR : EINVAL)
        }
        self = try handle.readToEnd() ?? Data()
    }

    /// `init(contentsOfFileIfPresent:)` at a store's boundary: the bytes, or `nil` when there is
    /// no file.
    ///
    /// - Throws: `.unavailable` naming the file, the system's words and the remedy (a file that is
    ///   there but cannot be read is left as it is: its contents may be fine).
    public static func readIfPresent(_ url: URL) throws(ServiceError) -> Data? {
        do {
            return try Data(contentsOfFileIfPresent: url)
        } catch {
            throw .unavailable(
                reason: "cannot read \(url.path) (\(error.localizedDescription)); check that it is a readable file",
                retryAfter: nil)
        }
    }
}

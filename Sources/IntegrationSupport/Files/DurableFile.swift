import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole files so that a reader, and the file after a crash or power loss, sees either the
/// old content or the new, never a mix or nothing.
///
/// `Data.write(options: .atomic)` is not enough on Linux: it does not fsync the directory, resets
/// the file mode and silently falls back to a non-atomic write when `rename` fails. So the steps
/// are done here, each checked:
/// 1. create a unique temporary file in the same directory (`O_EXCL`, mode 0600), locked so a
///    sweeper never removes it while it is written;
/// 2. write every byte, `fsync` it, `fchmod` it to the requested mode;
/// 3. `rename` it over the target (atomic on one file system), then `fsync` the directory so the
///    rename itself survives power loss.
///
/// On a failure before the rename the temporary file is removed and the target is untouched. A
/// failed directory `fsync` is reported after the rename: the new content is in place then, but
/// the rename may not survive power loss.
public enum DurableFile {
    /// Marks the temporary files of this type: `.<name>.tmp-<16 hex digits>`.
    static let temporaryMarker = ".tmp-"

    /// Writes `data` to `url` durably and atomically, replacing any file there.
    ///
    /// - Throws: `SystemError` naming the step that failed (`ENOSPC` for a full disk).
    public static func write(_ data: Data, to url: URL, mode: mode_t = 0o600) throws(SystemError) {
        let replaced = try replace(url, with: data, mode: mode, keepingOpen: false)
        if let failure = replaced.directorySyncFailure { throw failure }
    }

    /// A file `writeForAppending` put in place.
    public struct Replaced: Sendable {
        /// Open for appending to the new file (close-on-exec); the caller closes it.
        public let descriptor: Int32
        /// Why the directory could not be synced after the rename, if it could not: the new
        /// content is in place, but the rename may not survive power loss.
        public let directorySyncFailure: SystemError?
    }

    /// Writes `data` to `url` as `write(_:to:mode:)` does, and keeps the new file open for
    /// appending, through a descriptor taken before the rename: an owner that goes on appending (a
    /// journal after compaction) never opens the file again, a step that could fail once the new
    /// file is in place and leave it appending to the old one, gone from the directory.
    ///
    /// - Throws: `SystemError` naming the step that failed before the rename; the target is
    ///   untouched then. A failed directory sync is returned in `Replaced`, not thrown.
    public static func writeForAppending(_ data: Data, to url: URL, mode: mode_t = 0o600) throws(SystemError)
        -> Replaced
    {
        try replace(url, with: data, mode: mode, keepingOpen: true)
    }

    private static func replace(_ url: URL, with data: Data, mode: mode_t, keepingOpen: Bool) throws(SystemError)
        -> Replaced
    {
        let directory = url.deletingLastPathComponent().path
        let temporary = directory + "/." + url.lastPathComponent + temporaryMarker + randomSuffix()
        let lock = try FileLock.createExclusive(at: temporary)
        var kept: Int32 = -1
        do throws(SystemError) {
            try writeAll(data, to: lock.descriptor, path: temporary)
            guard fsync(lock.descriptor) == 0 else { throw SystemError("fsync", path: temporary) }
            guard fchmod(lock.descriptor, mode) == 0 else { throw SystemError("chmod", path: temporary) }
            if keepingOpen { kept = try appendingDuplicate(of: lock.descriptor, path: temporary) }
            // Locked until renamed, so no sweeper takes it for an abandoned one meanwhile.
            let failure = withExtendedLifetime(lock) {
                rename(temporary, url.path) == 0 ? nil : SystemError("rename", path: url.path)
            }
            if let failure { throw failure }
        } catch {
            if kept >= 0 { close(kept) }
            unlink(temporary)
            throw error
        }
        do throws(SystemError) {
            try syncDirectory(directory)
        } catch {
            return Replaced(descriptor: kept, directorySyncFailure: error)
        }
        return Replaced(descriptor: kept, directorySyncFailure: nil)
    }

    /// A close-on-exec duplicate of `descriptor`, appending. (The lock taken on the original
    /// belongs to the open file, which both share: `FileLock` lets it go with an explicit unlock
    /// when it is released, which frees the duplicate too.)
    private static func appendingDuplicate(of descriptor: Int32, path: String) throws(SystemError) -> Int32 {
        let duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
        guard duplicate >= 0 else { throw SystemError("dup", path: path) }
        guard fcntl(duplicate, F_SETFL, fcntl(duplicate, F_GETFL) | O_APPEND) == 0 else {
            let error = SystemError("fcntl", path: path)
            close(duplicate)
            throw error
        }
        return duplicate
    }

    /// Makes the entries of `directory` (a rename, a new or removed file) survive power loss.
    ///
    /// - Throws: `SystemError` when the directory cannot be opened or synced.
    public static func syncDirectory(_ directory: String) throws(SystemError) {
        let descriptor = open(directory, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { throw SystemError("open", path: directory) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw SystemError("fsync", path: directory) }
    }

    /// Removes the temporary files `write` leaves when its process is killed mid-write: in
    /// `directory` only (never below it), only names of its own pattern, only regular files no
    /// live writer holds.
    ///
    /// - Returns: the names removed.
    @discardableResult
    public static func removeAbandonedTemporaryFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter(isTemporaryName).filter { name in
            FileLock.removeIfUnlocked(directory.appendingPathComponent(name).path)
        }
    }

    /// Whether `name` is one of `write`'s temporary files: `.<name>.tmp-<16 hex digits>`.
    static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix("."), let marker = name.range(of: temporaryMarker, options: .backwards) else {
            return false
        }
        let suffix = name[marker.upperBound...]
        return suffix.count == 16 && suffix.allSatisfy(\.isHexDigit)
            && marker.lowerBound > name.index(after: name.startIndex)
    }

    private static func writeAll(_ data: Data, to descriptor: Int32, path: String) throws(SystemError) {
        var failure: SystemError?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = writeBytes(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = SystemError("write", path: path)
                    return
                }
                offset += written
            }
        }
        if let failure { throw failure }
    }

    private static func randomSuffix() -> String {
        let value = UInt64.random(in: .min ... .max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// `write(2)`, under a name `DurableFile.write` does not shadow.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

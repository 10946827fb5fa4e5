import Foundation

/// A small tmpfs mounted on a temporary directory, for tests of a full disk or a read-only file
/// system with real files. Unmounted when released.
///
/// Mounting needs root and a kernel that allows it (a CI container usually does, a developer's
/// laptop usually does not): gate tests on `isAvailable`, so elsewhere they show as skipped with
/// the reason, never as passed. It mounts and unmounts with the system calls themselves: no child
/// process is started, so none can inherit a test's pipes and no thread waits for one.
public final class ScratchFileSystem: Sendable {
    /// A mount, a remount or a fill that did not do what it should.
    public struct Failure: Error, CustomStringConvertible {
        /// What failed, and why.
        public let description: String
    }

    /// Where the file system is mounted.
    public let url: URL
    private let directory: TemporaryDirectory

    /// Whether this machine lets the tests mount a tmpfs (probed once, by mounting one).
    public static let isAvailable: Bool = {
        guard geteuid() == 0, let probe = try? ScratchFileSystem(byteCount: 65_536) else { return false }
        return FileManager.default.isWritableFile(atPath: probe.url.path)
    }()

    /// Mounts a tmpfs of `byteCount` bytes (rounded up to whole pages by the kernel).
    ///
    /// - Throws: when `mount` fails.
    public init(byteCount: Int) throws {
        directory = try TemporaryDirectory(prefix: "tmpfs")
        url = directory.url
        guard mount("tmpfs", url.path, "tmpfs", 0, "size=\(byteCount),mode=0700") == 0 else {
            throw Self.failure("mounting a tmpfs on \(url.path)", errno)
        }
    }

    deinit {
        // Detached: a file a test still holds open does not keep the directory from going.
        _ = umount2(url.path, Int32(MNT_DETACH))
    }

    /// Remounts the file system read-only (`true`) or read-write (`false`); its files stay.
    public func setReadOnly(_ readOnly: Bool) throws {
        let flags = UInt(MS_REMOUNT) | (readOnly ? UInt(MS_RDONLY) : 0)
        guard mount("tmpfs", url.path, "tmpfs", flags, nil) == 0 else {
            throw Self.failure("remounting \(url.path) \(readOnly ? "read-only" : "read-write")", errno)
        }
    }

    /// Fills the free space with one file, `filler`, and returns its location; `free(_:)` frees it.
    ///
    /// Writes until the file system says it is full (`ENOSPC`), going down to single bytes so no
    /// tail is left, and then checks that no block is free.
    ///
    /// - Throws: when a write fails for any other reason (say, `ENOMEM` on a machine short of
    ///   memory), or space is still free afterwards: the disk is then not full, and a test of a
    ///   full disk would test something else.
    @discardableResult
    public func fill() throws -> URL {
        let filler = url.appendingPathComponent("filler")
        let descriptor = open(filler.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Self.failure("creating \(filler.path)", errno) }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x46, count: 4_096)
        var size = block.count
        while size > 0 {
            let written = block.withUnsafeBytes { write(descriptor, $0.baseAddress, size) }
            if written >= 0 { continue }
            switch errno {
            case EINTR: continue
            case ENOSPC: size /= 2
            case let code: throw Self.failure("filling \(url.path)", code)
            }
        }
        var status = statvfs()
        guard statvfs(url.path, &status) == 0 else { throw Self.failure("measuring \(url.path)", errno) }
        guard status.f_bavail == 0 else {
            throw Failure(description: "\(url.path) still has \(status.f_bavail) free blocks after filling")
        }
        return filler
    }

    /// Frees the space `fill()` took: empties `filler`, removes it, and checks the space is free.
    ///
    /// Emptied first, because removing a file frees its blocks only once no process holds it open,
    /// and a child process another test starts while `fill()` writes holds a copy of its
    /// descriptor until it runs its program (a moment a loaded machine can stretch); emptying
    /// frees them at once.
    ///
    /// - Throws: when a step fails, or the space is still not free afterwards.
    public func free(_ filler: URL) throws {
        var file = stat()
        guard stat(filler.path, &file) == 0 else { throw Self.failure("measuring \(filler.path)", errno) }
        guard truncate(filler.path, 0) == 0 else { throw Self.failure("emptying \(filler.path)", errno) }
        guard unlink(filler.path) == 0 else { throw Self.failure("removing \(filler.path)", errno) }
        var status = statvfs()
        guard statvfs(url.path, &status) == 0 else { throw Self.failure("measuring \(url.path)", errno) }
        let freed = UInt64(file.st_blocks) * 512
        guard UInt64(status.f_bavail) * UInt64(status.f_frsize) >= freed else {
            throw Failure(description: "\(url.path) has \(status.f_bavail) free blocks after freeing \(freed) bytes")
        }
    }

    private static func failure(_ action: String, _ code: Int32) -> Failure {
        Failure(description: "\(action) failed: \(String(cString: strerror(code)))")
    }
}

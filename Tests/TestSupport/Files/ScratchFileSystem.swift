import Foundation

/// A small tmpfs mounted on a temporary directory, for tests of a full disk or a read-only file
/// system with real files. Unmounted when released.
///
/// Mounting needs root and a kernel that allows it (a CI container usually does, a developer's
/// laptop usually does not): gate tests on `isAvailable`, so elsewhere they show as skipped with
/// the reason, never as passed.
public final class ScratchFileSystem: Sendable {
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
        try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(byteCount),mode=0700", "tmpfs", url.path])
    }

    deinit {
        try? Self.run("/bin/umount", ["-l", url.path])
    }

    /// Remounts the file system read-only (`true`) or read-write (`false`); its files stay.
    public func setReadOnly(_ readOnly: Bool) throws {
        try Self.run("/bin/mount", ["-o", "remount,\(readOnly ? "ro" : "rw")", url.path])
    }

    /// Fills the free space with one file, `filler`, and returns its location; remove it to free the space.
    @discardableResult
    public func fill() throws -> URL {
        let filler = url.appendingPathComponent("filler")
        _ = FileManager.default.createFile(atPath: filler.path, contents: nil)
        let handle = try FileHandle(forWritingTo: filler)
        defer { try? handle.close() }
        let block = Data(repeating: 0x46, count: 4_096)
        while (try? handle.write(contentsOf: block)) != nil {}
        return filler
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ChildProcess.Failure(description: "\(executable) \(arguments) exited \(process.terminationStatus)")
        }
    }
}

import Foundation

/// Ways to get a regular file this process cannot read, for bad-input tests.
enum UnreadableFiles {
    /// Whether `chmod 000` stops this process reading a file it owns. It does not for root, which
    /// bypasses file permissions, as in many containers and CI machines.
    static let permissionsAreEnforced: Bool = {
        let probe = FileManager.default.temporaryDirectory
            .appendingPathComponent("silo-permission-probe-\(UUID().uuidString)", isDirectory: false)
        guard FileManager.default.createFile(atPath: probe.path, contents: Data([1])) else { return false }
        defer { try? FileManager.default.removeItem(at: probe) }
        do {
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: probe.path)
            try FileHandle(forReadingFrom: probe).close()
            return false
        } catch {
            return true
        }
    }()

    /// A write-only kernel attribute: a non-empty regular file that even root cannot open for
    /// reading, or `nil` where there is none (macOS, or Linux without sysfs).
    static let writeOnlyKernelAttribute: URL? = {
        let url = URL(fileURLWithPath: "/sys/bus/pci/rescan", isDirectory: false)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        if let handle = try? FileHandle(forReadingFrom: url) {
            try? handle.close()
            return nil
        }
        return url
    }()
}

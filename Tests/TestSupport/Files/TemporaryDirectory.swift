import Foundation

/// A fresh directory under the system's temporary directory, removed with everything in it when
/// the last reference goes away.
///
/// Keep a reference for as long as the test uses the files (capture it in fixtures' tear-down).
public final class TemporaryDirectory: Sendable {
    /// The directory's location; it exists until the object is released.
    public let url: URL

    /// Creates an empty directory named `silo-<prefix>-<uuid>`.
    public init(prefix: String = "test") throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("silo-\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The location of `name` inside the directory (the file is not created).
    public func file(named name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    /// The number of entries in the directory, recursively, hidden files included.
    public func entryCount() throws -> Int {
        try FileManager.default.subpathsOfDirectory(atPath: url.path).count
    }
}

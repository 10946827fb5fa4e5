import Foundation
import Services

/// What a directory holds, file by file, to prove an operation created or changed nothing.
public enum DirectoryListing {
    /// One line per entry under `directory` (recursively, sorted): `relative/path size sha256` for
    /// a file, `relative/path/` for a directory.
    public static func entries(of directory: URL) -> [String] {
        let base = directory.resolvingSymlinksInPath().path
        guard let walker = FileManager.default.enumerator(atPath: base) else { return [] }
        var lines: [String] = []
        while let relative = walker.nextObject() as? String {
            let path = base + "/" + relative
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                lines.append("\(relative) (dangling)")
                continue
            }
            if isDirectory.boolValue {
                lines.append(relative + "/")
            } else {
                let data = FileManager.default.contents(atPath: path) ?? Data()
                lines.append("\(relative) \(data.count) \(SHA256.hexDigest(of: data))")
            }
        }
        return lines.sorted()
    }
}

/// Makes a file unreadable the way no permission can be bypassed, even by root: a directory
/// stands where the file was (reading it fails with "is a directory"); `restore()` puts it back.
public struct UnreadableFile: Sendable {
    /// The path that cannot be read now.
    public let url: URL
    private let aside: URL

    /// Moves the file at `url` aside (beside it) and puts a directory in its place.
    public init(_ url: URL) throws {
        self.url = url
        aside = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).aside-for-test")
        try FileManager.default.moveItem(at: url, to: aside)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    /// Removes the directory and moves the file back.
    public func restore() throws {
        try FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: aside, to: url)
    }
}

import Foundation
import Services

/// Deterministic sample files for upload and storage tests.
public enum SampleFile {
    /// Writes `byteCount` bytes of a repeating, non-trivial pattern to `directory/name` and returns
    /// its URL. The same size always gives the same bytes.
    @discardableResult
    public static func make(in directory: URL, named name: String = "sample.mp4", byteCount: Int) throws -> URL {
        let url = directory.appendingPathComponent(name, isDirectory: false)
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        let chunkSize = 1 << 16
        var written = 0
        while written < byteCount {
            let count = min(chunkSize, byteCount - written)
            let chunk = (0..<count).map { UInt8(truncatingIfNeeded: (written + $0) &* 31 &+ (written + $0) / 251) }
            try handle.write(contentsOf: chunk)
            written += count
        }
        return url
    }

    /// The lowercase hex SHA-256 of the file at `url`, read in chunks.
    public static func sha256(of url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var hash = SHA256()
        while let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty {
            hash.update(chunk)
        }
        return hash.finalize()
    }

    /// The size of the file at `url` in bytes.
    public static func size(of url: URL) throws -> Int64 {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.size] as? NSNumber)?.int64Value ?? 0
    }
}

import Foundation
import Services

/// Reads an upload's source file in fixed-size chunks, so memory stays flat for any file size.
enum FileReader {
    /// The chunk size: large enough to amortise calls, small enough to cancel promptly.
    static let chunkSize = 1 << 16

    /// Checks that `url` is a readable, non-empty regular file and returns its size.
    ///
    /// - Throws: `.invalidInput(field: "file", ...)` naming what is wrong.
    static func regularFileSize(at url: URL) throws(ServiceError) -> Int64 {
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        } catch {
            throw .invalidInput(field: "file", reason: "no readable file at \(url.path)")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .invalidInput(field: "file", reason: "\(url.path) is not a regular file")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        guard size > 0 else { throw .invalidInput(field: "file", reason: "\(url.path) is empty") }
        return size
    }

    /// Calls `consume` with each chunk of the file in order, checking for cancellation before
    /// every chunk, and returns the number of bytes read.
    ///
    /// - Throws: `.invalidInput` when the file cannot be opened or read, `.cancelled` when the task
    ///   is cancelled.
    static func readChunks(of url: URL, _ consume: (Data) -> Void) throws(ServiceError) -> Int64 {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw .invalidInput(field: "file", reason: "\(url.path) cannot be opened for reading")
        }
        defer { try? handle.close() }
        var total: Int64 = 0
        while true {
            try ServiceError.checkCancellation()
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: chunkSize) ?? Data()
            } catch {
                throw .invalidInput(
                    field: "file", reason: "\(url.path) could not be read: \(error.localizedDescription)")
            }
            if chunk.isEmpty { return total }
            total += Int64(chunk.count)
            consume(chunk)
        }
    }
}

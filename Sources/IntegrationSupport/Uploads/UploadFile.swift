// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import Services

/// The checks and reads every video host makes of the local file it is asked to upload, so all
/// hosts refuse the same files with the same messages.
public enum UploadFile {
    /// The chunk size uploads read in: large enough to amortise calls, small enough to cancel promptly.
    public static let chunkSize = 1 << 16

    /// Returns the size of the file at `url` after checking that it exists, is a regular file
    /// (symbolic links are followed), can be opened for reading and is not empty.
    ///
    /// - Throws: `.invalidInput(field: "file", ...)` saying which of these failed.
    public static func validatedSize(of url: URL) throws(ServiceError) -> Int64 {
        let path = url.path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        } catch {
            throw .invalidInput(field: "file", reason: "no file at \(path)")
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else {
            throw .invalidInput(field: "file", reason: "\(path) is not a regular file")
        }
        do {
            try FileHandle(forReadingFrom: url).close()
        } catch {
            throw .invalidInput(field: "file", reason: "\(path) cannot be opened for reading")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        guard size > 0 else { throw .invalidInput(field: "file", reason: "\(path) is empty") }
        return size
    }

    /// Calls `consume` with each chunk of the file in order, checking for cancellation before
    /// every chunk, and returns the number of bytes read.
    ///
    /// - Throws: `.invalidInput(field: "file")` when the file cannot be opened or read, `.cancelled`
    ///   when the task is cancelled.
    public static func readChunks(of url: URL, _ consume: (Data) -> Void) throws(ServiceError) -> Int64 {
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

import Foundation
import Services

/// Checks an upload's local file at the service boundary, before the host is called.
enum UploadSource {
    /// Returns the size of the file at `url` after checking that it exists, is a regular file
    /// (symbolic links are followed), can be opened for reading and is not empty.
    ///
    /// - Throws: `.invalidInput(field: "file", ...)` saying which of these failed.
    static func validatedSize(of url: URL) throws(ServiceError) -> Int64 {
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
}

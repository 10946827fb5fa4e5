import Foundation

/// What to upload to the host: a local file, the name to store it under, a title and free-form
/// passthrough metadata that the host returns unchanged with the media.
public struct MediaUploadRequest: Hashable, Sendable {
    /// The local file to read; it must be a readable, non-empty regular file.
    public var sourceURL: URL
    /// The name the host records for the file; a plain name, no path separators.
    public var fileName: String
    /// The title shown in the host's dashboard.
    public var title: String
    /// Key-value pairs the host stores with the media and returns as is (e.g. the caller's user id).
    public var passthrough: [String: String]

    /// Creates an upload request.
    public init(sourceURL: URL, fileName: String, title: String, passthrough: [String: String] = [:]) {
        self.sourceURL = sourceURL
        self.fileName = fileName
        self.title = title
        self.passthrough = passthrough
    }
}

extension MediaUploadRequest {
    /// Checks that `fileName` is one plain name: not empty, `.` or `..`, and free of `/`, `\` and NUL.
    ///
    /// - Throws: `.invalidFileName`.
    func validateFileName() throws(MediaHostError) {
        let forbidden: Set<Character> = ["/", "\\", "\u{0}"]
        if fileName.isEmpty || fileName == "." || fileName == ".." || fileName.contains(where: forbidden.contains) {
            throw .invalidFileName(fileName)
        }
    }
}

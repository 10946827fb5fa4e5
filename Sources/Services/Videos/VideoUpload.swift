// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import Models

/// What to upload: a local file, the title to show, and who owns it.
public struct VideoUpload: Hashable, Sendable {
    /// The local file to upload; it must be a readable, non-empty regular file.
    public var fileURL: URL
    /// The name the host stores the file under; defaults to the file's last path component and is
    /// checked with `VideoRules.validatedFileName(_:)`.
    public var fileName: String
    /// The title, checked with `VideoRules.validatedTitle(_:)`.
    public var title: String
    /// The user who owns the video.
    public var ownerID: User.ID

    /// Creates an upload of `fileURL`, named after its last path component unless `fileName` is given.
    public init(fileURL: URL, fileName: String? = nil, title: String, ownerID: User.ID) {
        self.fileURL = fileURL
        self.fileName = fileName ?? fileURL.lastPathComponent
        self.title = title
        self.ownerID = ownerID
    }
}

extension VideoUpload {
    /// The title and file name after the rules every host enforces (`VideoRules`): call it before
    /// touching the file or the host's storage.
    ///
    /// - Throws: `.invalidInput` for field `"title"` or `"fileName"`.
    public func validatedMetadata() throws(ServiceError) -> (title: String, fileName: String) {
        try ServiceError.validating { () throws(ValidationError) in
            (try VideoRules.validatedTitle(title), try VideoRules.validatedFileName(fileName))
        }
    }
}

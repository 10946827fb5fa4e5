import Services

extension ServiceError {
    /// Maps an SDK error to the app's error vocabulary, so no `MediaHostError` leaves the integration.
    init(_ error: MediaHostError) {
        switch error {
        case .invalidAPIKey:
            self = .unauthorized(reason: "the mock video host rejected the API key")
        case .clientClosed:
            self = .unavailable(reason: "the mock video host is not started", retryAfter: nil)
        case .mediaNotFound(let mediaID):
            self = .notFound(what: "hosted video \(mediaID)")
        case .sourceMissing(let path):
            self = .invalidInput(field: "file", reason: "no file at \(path)")
        case .sourceNotAFile(let path):
            self = .invalidInput(field: "file", reason: "\(path) is not a regular file")
        case .sourceUnreadable(let path, let reason):
            self = .invalidInput(field: "file", reason: "\(path) cannot be read: \(reason)")
        case .sourceEmpty(let path):
            self = .invalidInput(field: "file", reason: "\(path) is empty")
        case .sourceChanged(let path):
            self = .invalidInput(field: "file", reason: "\(path) changed size while uploading")
        case .invalidFileName(let name):
            self = .invalidInput(field: "fileName", reason: "\(name.debugDescription) is not a plain file name")
        case .storageBlocked(let path):
            self = .corruptData(
                location: path, reason: "a file is in the way of the storage directory; move it or configure another")
        case .storageUnavailable(let path, let reason):
            self = .unavailable(
                reason: "the mock video host cannot use its storage \(path) (\(reason)): check that the directory "
                    + "exists, this user can write it, and the disk has space",
                retryAfter: nil)
        case .corruptRecord(let path, let reason):
            self = .corruptData(
                location: path,
                reason: "the mock video host cannot read this media record (\(reason)); it was left unchanged: "
                    + "move it aside to forget that video")
        case .serviceUnavailable(let retryAfter):
            self = .unavailable(reason: "the mock video host is busy: try again in a moment", retryAfter: retryAfter)
        case .cancelled:
            self = .cancelled
        }
    }
}

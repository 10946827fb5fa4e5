/// Everything the media host SDK can fail with.
///
/// Messages never contain the API key.
public enum MediaHostError: Error, Hashable, Sendable {
    /// The API key is missing or malformed.
    case invalidAPIKey
    /// The client was not opened, or has been closed.
    case clientClosed
    /// No media with this id exists on the host.
    case mediaNotFound(mediaID: String)
    /// The source file does not exist.
    case sourceMissing(path: String)
    /// The source exists but is not a regular file (a directory, a device, a socket...).
    case sourceNotAFile(path: String)
    /// The source file cannot be opened or read.
    case sourceUnreadable(path: String, reason: String)
    /// The source file has no bytes.
    case sourceEmpty(path: String)
    /// The source file changed size while it was being uploaded.
    case sourceChanged(path: String)
    /// The file name is not a plain name the host can store.
    case invalidFileName(String)
    /// A file stands where the storage directory should be.
    case storageBlocked(path: String)
    /// The storage directory cannot be created, read or written.
    case storageUnavailable(path: String, reason: String)
    /// A media record in the storage directory cannot be read; it was left as it is.
    case corruptRecord(path: String, reason: String)
    /// The host refused the request for now (an injected transient failure); retry after the delay.
    case serviceUnavailable(retryAfter: Duration)
    /// The caller cancelled the request, or the client was closed during an upload; nothing was kept.
    case cancelled
}

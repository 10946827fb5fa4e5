// scripts/remove-service deletes this file with the service it is part of: hosting
import Models

/// A video as the host holds it: the app's `Video` plus what the host recorded of the bytes.
public struct HostedVideo: Hashable, Sendable {
    /// The app model, with the host's current processing status.
    public var video: Video
    /// The number of bytes the host stored; equals the uploaded file's size.
    public var byteCount: Int64
    /// The lowercase hex SHA-256 of the stored bytes; equals `SHA256.hexDigest` of the file.
    public var sha256: String

    /// Creates a hosted video.
    public init(video: Video, byteCount: Int64, sha256: String) {
        self.video = video
        self.byteCount = byteCount
        self.sha256 = sha256
    }
}

import Foundation

/// A media item as the host describes it, in the host's own naming and shapes.
///
/// `state` is one of `"uploading"`, `"processing"`, `"ready"` or `"errored"`; `durationSeconds`
/// is a decimal string of seconds (`"12.345"`), empty until the host has processed the media.
/// Playback and thumbnail URLs and renditions appear when the media is ready.
public struct HostedMedia: Hashable, Sendable, Codable {
    /// The host-assigned identifier, e.g. `"med_3f2a9c0d41b7e865"`.
    public var mediaID: String
    /// The title given at upload.
    public var title: String
    /// The file name given at upload.
    public var fileName: String
    /// `"uploading"`, `"processing"`, `"ready"` or `"errored"`.
    public var state: String
    /// The running time in seconds as a decimal string; empty while unknown.
    public var durationSeconds: String
    /// The encoded variants; empty until ready.
    public var renditions: [Rendition]
    /// The adaptive stream to play; set when ready.
    public var playbackURL: URL?
    /// A poster image; set when ready.
    public var thumbnailURL: URL?
    /// The number of bytes stored.
    public var byteSize: Int64
    /// The lowercase hex SHA-256 of the stored bytes; empty while uploading.
    public var sha256: String
    /// The caller's key-value pairs from the upload request, unchanged.
    public var passthrough: [String: String]
    /// When the host accepted the upload.
    public var createdAt: Date
    /// Why processing failed, when `state` is `"errored"`.
    public var errorMessage: String?

    /// Creates a media description; the host makes these, tests and previews may too.
    public init(
        mediaID: String,
        title: String,
        fileName: String,
        state: String,
        durationSeconds: String = "",
        renditions: [Rendition] = [],
        playbackURL: URL? = nil,
        thumbnailURL: URL? = nil,
        byteSize: Int64,
        sha256: String,
        passthrough: [String: String] = [:],
        createdAt: Date,
        errorMessage: String? = nil
    ) {
        self.mediaID = mediaID
        self.title = title
        self.fileName = fileName
        self.state = state
        self.durationSeconds = durationSeconds
        self.renditions = renditions
        self.playbackURL = playbackURL
        self.thumbnailURL = thumbnailURL
        self.byteSize = byteSize
        self.sha256 = sha256
        self.passthrough = passthrough
        self.createdAt = createdAt
        self.errorMessage = errorMessage
    }
}

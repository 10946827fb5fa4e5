import Foundation

/// A video a user uploaded: its metadata and where it is in the host's processing.
///
/// The same app model is built from several integration models: a library record in a store and
/// the vendor's hosted media, each mapped by its own integration.
public struct Video: Identifiable, Hashable, Sendable, Codable {
    /// A video's identifier, assigned by the video host on upload.
    public typealias ID = Identifier<Video>

    /// The host-assigned identifier.
    public let id: ID
    /// The user who uploaded the video.
    public let ownerID: User.ID
    /// The validated title (see `VideoRules`).
    public var title: String
    /// The running time once the host knows it, with millisecond precision.
    public var duration: Duration? {
        didSet { duration = duration?.roundedToMilliseconds }
    }
    /// Where the video is in the host's processing.
    public var status: Status
    /// When the host accepted the upload, with millisecond precision. Listings are ordered by it.
    public let createdAt: Date

    /// Creates a video value; `duration` and `createdAt` are rounded to whole milliseconds.
    public init(
        id: ID,
        ownerID: User.ID,
        title: String,
        duration: Duration? = nil,
        status: Status,
        createdAt: Date
    ) {
        self.id = id
        self.ownerID = ownerID
        self.title = title
        self.duration = duration?.roundedToMilliseconds
        self.status = status
        self.createdAt = createdAt.roundedToMilliseconds
    }
}

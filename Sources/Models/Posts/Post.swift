import Foundation

/// A short text a user published, optionally with an attached video.
public struct Post: Identifiable, Hashable, Sendable, Codable {
    /// A post's identifier, assigned by the post service when the post is published.
    public typealias ID = Identifier<Post>

    /// The service-assigned identifier.
    public let id: ID
    /// Who published the post.
    public let authorID: User.ID
    /// The validated, trimmed text (see `PostRules`).
    public let text: String
    /// When the post was written: the draft's time, or when the service stored it (never later
    /// than that), with millisecond precision. Feeds are ordered by it.
    public let createdAt: Date
    /// The video shown with the post, if any.
    public let videoID: Video.ID?

    /// Creates a post value; `createdAt` is rounded to whole milliseconds.
    public init(id: ID, authorID: User.ID, text: String, createdAt: Date, videoID: Video.ID? = nil) {
        self.id = id
        self.authorID = authorID
        self.text = text
        self.createdAt = createdAt.roundedToMilliseconds
        self.videoID = videoID
    }
}

import Foundation

/// A post before it is published: the author, the text as typed, an optional video, and the id
/// and time to publish it under when the caller made the post earlier (an offline device does).
public struct PostDraft: Hashable, Sendable, Codable {
    /// The id the post is to have, made by the caller, or `nil` for the service to make one.
    /// `IdentifierRules` apply; publishing under an id already taken is a conflict.
    public var id: Post.ID?
    /// Who is publishing.
    public var authorID: User.ID
    /// The text as typed; `PostRules.validatedText(_:)` trims and checks it.
    public var text: String
    /// A video to attach, if any.
    public var videoID: Video.ID?
    /// When the post was written, if earlier than its publish (an offline device sends it later),
    /// or `nil` for the service's clock. A time after the service's now is taken as now, so no
    /// clock ahead of the server's can pin a post to the top of a feed; see `PostRules.createdAt`.
    public var createdAt: Date?

    /// Creates a draft; with `id`, the post is published under that id, and with `createdAt`, at
    /// that time.
    public init(
        authorID: User.ID, text: String, videoID: Video.ID? = nil, id: Post.ID? = nil, createdAt: Date? = nil
    ) {
        self.id = id
        self.authorID = authorID
        self.text = text
        self.videoID = videoID
        self.createdAt = createdAt
    }
}

/// A post before it is published: the author, the text as typed, an optional video, and the id
/// to publish it under when the caller makes ids itself (an offline device does).
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

    /// Creates a draft; with `id`, the post is published under that id.
    public init(authorID: User.ID, text: String, videoID: Video.ID? = nil, id: Post.ID? = nil) {
        self.id = id
        self.authorID = authorID
        self.text = text
        self.videoID = videoID
    }
}

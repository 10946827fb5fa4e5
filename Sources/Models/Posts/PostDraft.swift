/// A post before it is published: the author, the text as typed, and an optional video.
public struct PostDraft: Hashable, Sendable, Codable {
    /// Who is publishing.
    public var authorID: User.ID
    /// The text as typed; `PostRules.validatedText(_:)` trims and checks it.
    public var text: String
    /// A video to attach, if any.
    public var videoID: Video.ID?

    /// Creates a draft.
    public init(authorID: User.ID, text: String, videoID: Video.ID? = nil) {
        self.authorID = authorID
        self.text = text
        self.videoID = videoID
    }
}

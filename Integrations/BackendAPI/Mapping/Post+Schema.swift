import Models

extension Post {
    /// The app's post from the API's: `body` is the text, `author_id` the author.
    public init(_ schema: Schemas.Post) {
        self.init(
            id: Post.ID(schema.id), authorID: User.ID(schema.authorID), text: schema.body, createdAt: schema.createdAt,
            videoID: schema.videoID.map { Video.ID($0) })
    }
}

extension Schemas.Post {
    /// The API's post for the app's.
    public init(_ post: Post) {
        self.init(
            id: post.id.rawValue, authorID: post.authorID.rawValue, body: post.text, videoID: post.videoID?.rawValue,
            createdAt: post.createdAt)
    }
}

extension Schemas.NewPost {
    /// The body that publishes `draft` (its author is whoever signs the request).
    public init(_ draft: PostDraft) {
        self.init(
            id: draft.id?.rawValue, body: draft.text, videoID: draft.videoID?.rawValue, createdAt: draft.createdAt)
    }
}

extension PostDraft {
    /// The draft `authorID` asks to publish with `schema`.
    public init(_ schema: Schemas.NewPost, authorID: User.ID) {
        self.init(
            authorID: authorID, text: schema.body, videoID: schema.videoID.map { Video.ID($0) },
            id: schema.id.map { Post.ID($0) }, createdAt: schema.createdAt)
    }
}

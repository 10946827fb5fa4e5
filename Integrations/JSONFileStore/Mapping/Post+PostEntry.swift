import Models

extension Post {
    /// Creates the app's post from the file's entry.
    init(_ entry: PostEntry) {
        self.init(
            id: Post.ID(entry.id), authorID: User.ID(entry.authorID), text: entry.text, createdAt: entry.createdAt,
            videoID: entry.videoID.map { Video.ID($0) })
    }
}

extension PostEntry {
    /// The entry that stores `post`.
    init(_ post: Post) {
        self.init(
            id: post.id.rawValue, authorID: post.authorID.rawValue, text: post.text, createdAt: post.createdAt,
            videoID: post.videoID?.rawValue)
    }
}

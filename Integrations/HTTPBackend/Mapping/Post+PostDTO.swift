import Models

extension Post {
    /// The app's post from the API's: `body` is the text, `author_id` the author.
    init(_ dto: PostDTO) {
        self.init(
            id: Post.ID(dto.id), authorID: User.ID(dto.authorID), text: dto.body, createdAt: dto.createdAt,
            videoID: dto.videoID.map { Video.ID($0) })
    }
}

import Models
import Services

extension Post {
    /// Creates the app's post from the file's entry.
    ///
    /// - Throws: `.corruptData` at `location` when the entry breaks a rule every stored post keeps:
    ///   ids (`IdentifierRules`), text as `PostRules` leaves it (trimmed, within its limits), a
    ///   date in the years 1 to 9999.
    init(_ entry: PostEntry, location: String) throws(ServiceError) {
        do throws(ValidationError) {
            let draft = PostDraft(
                authorID: User.ID(entry.authorID), text: entry.text, videoID: entry.videoID.map { Video.ID($0) })
            let (_, text, videoID) = try PostRules.validated(draft)
            guard text == entry.text else {
                throw ValidationError(field: "text", reason: "is not trimmed as every stored post is")
            }
            self.init(
                id: try IdentifierRules.validated(Post.ID(entry.id), field: "id"),
                authorID: try IdentifierRules.validated(draft.authorID, field: "author_id"),
                text: text, createdAt: try DateRules.validated(entry.createdAt, field: "created_at"), videoID: videoID)
        } catch {
            throw .corruptData(location: location, reason: error.description)
        }
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

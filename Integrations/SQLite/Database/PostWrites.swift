import Models
import Services

/// The post writes, in one place, so every writer of posts in the file keeps the same rules.
enum PostWrites {
    /// Why a delete removed nothing.
    enum Refusal: Sendable {
        case noPost
        case notAuthor

        /// The error this refusal is for post `id`.
        func error(postID id: String) -> ServiceError {
            switch self {
            case .noPost: .notFound(what: "post \(id)")
            case .notAuthor: .forbidden(reason: "only the author of post \(id) may delete it")
            }
        }
    }

    /// Deletes post `id` if `actorID` wrote it: one `DELETE` keyed by id and author; when it
    /// removes nothing, a look-up tells a missing post from someone else's.
    ///
    /// - Returns: `nil` once deleted, else why nothing was.
    static func delete(_ id: String, by actorID: String, on connection: Connection) throws(SQLiteError) -> Refusal? {
        if try connection.run("DELETE FROM posts WHERE id = ?1 AND author_id = ?2", id, actorID) > 0 { return nil }
        let author = try connection.queryFirst("SELECT author_id FROM posts WHERE id = ?1", id) { row in row.text(at: 0)
        }
        return author == nil ? .noPost : .notAuthor
    }

    /// What a failed insert of post `id` by `authorID` means: an unknown author, or a taken id.
    static func insertFailure(_ error: SQLiteError, postID id: String, authorID: String) -> ServiceError? {
        if error.isForeignKeyViolation { return .notFound(what: "author \(authorID)") }
        return error.isUniquenessViolation ? .conflict(reason: "a post with id \(id) already exists") : nil
    }
}

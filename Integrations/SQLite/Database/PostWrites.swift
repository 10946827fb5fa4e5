import Models
import Services

/// The post writes the post service and the replica share, so both keep one rule each.
enum PostWrites {
    /// What deleting a post for an actor did.
    enum Deletion: Sendable {
        case deleted
        case noPost
        case notAuthor
    }

    /// Deletes post `id` if `actorID` wrote it: one `DELETE` keyed by id and author; when it
    /// removes nothing, a look-up tells a missing post from someone else's.
    static func delete(_ id: String, by actorID: String, on connection: Connection) throws(SQLiteError) -> Deletion {
        if try connection.run("DELETE FROM posts WHERE id = ?1 AND author_id = ?2", id, actorID) > 0 { return .deleted }
        let author = try connection.queryFirst("SELECT author_id FROM posts WHERE id = ?1", id) { row in row.text(at: 0)
        }
        return author == nil ? .noPost : .notAuthor
    }

    /// The error `deletion` means for post `id`, or `nil` when it deleted.
    static func failure(of deletion: Deletion, postID id: String) -> ServiceError? {
        switch deletion {
        case .deleted: nil
        case .noPost: .notFound(what: "post \(id)")
        case .notAuthor: .forbidden(reason: "only the author of post \(id) may delete it")
        }
    }

    /// What a failed insert of post `id` by `authorID` means: an unknown author, or a taken id.
    static func insertFailure(_ error: SQLiteError, postID id: String, authorID: String) -> ServiceError? {
        if error.isForeignKeyViolation { return .notFound(what: "author \(authorID)") }
        return error.isUniquenessViolation ? .conflict(reason: "a post with id \(id) already exists") : nil
    }
}

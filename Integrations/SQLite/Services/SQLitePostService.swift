import Foundation
import Models
import Services

/// A `PostService` storing posts in the integration's SQLite database.
///
/// Get it from `SQLiteIntegration.postService`. Safe to call from any task: every call runs on the
/// database's connection actor. A publish is one INSERT that commits on its own; the author is
/// checked by the table's foreign key, so an unknown author stores nothing.
public struct SQLitePostService: PostService {
    let database: Database
    let now: @Sendable () -> Date

    /// Validates and stores `draft`; see `PostService.publish(_:)`.
    ///
    /// The id is a lowercased random UUID; `createdAt` comes from the integration's clock, in whole
    /// milliseconds.
    public func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        let text = try ServiceError.validating { () throws(ValidationError) in try PostRules.validatedText(draft.text) }
        let record = PostRecord(
            id: UUID().uuidString.lowercased(),
            authorID: draft.authorID.rawValue,
            text: text,
            createdAt: now().millisecondsSince1970,
            videoID: draft.videoID?.rawValue
        )
        do {
            try await database.perform { connection throws(SQLiteError) in
                try connection.run(
                    "INSERT INTO posts (id, author_id, text, created_at, video_id) VALUES (?1, ?2, ?3, ?4, ?5)",
                    record.id, record.authorID, record.text, record.createdAt, record.videoID
                )
            }
        } catch {
            if error.isForeignKeyViolation { throw .notFound(what: "author \(draft.authorID)") }
            throw error.serviceError(location: database.location)
        }
        return try Post(record)
    }

    /// Returns the post with `id`; see `PostService.post(id:)`.
    public func post(id: Post.ID) async throws(ServiceError) -> Post {
        let record: PostRecord?
        do {
            record = try await database.perform { connection throws(SQLiteError) in
                try connection.queryFirst(
                    "SELECT id, author_id, text, created_at, video_id FROM posts WHERE id = ?1",
                    id.rawValue,
                    row: PostRecord.init(row:)
                )
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        guard let record else { throw .notFound(what: "post \(id)") }
        return try Post(record)
    }

    /// Returns a page of `authorID`'s posts, newest first; see `PostService.feed(authorID:page:)`.
    public func feed(authorID: User.ID, page request: PageRequest) async throws(ServiceError) -> Page<Post> {
        let page = try KeysetPage(request, scope: "posts:\(authorID)")
        let records: [PostRecord]
        do {
            records = try await database.perform { connection throws(SQLiteError) in
                guard let after = page.after else {
                    return try connection.query(
                        """
                        SELECT id, author_id, text, created_at, video_id FROM posts WHERE author_id = ?1
                        ORDER BY created_at DESC, id DESC LIMIT ?2
                        """,
                        authorID.rawValue, page.limit,
                        row: PostRecord.init(row:)
                    )
                }
                return try connection.query(
                    """
                    SELECT id, author_id, text, created_at, video_id FROM posts
                    WHERE author_id = ?1 AND (created_at, id) < (?2, ?3)
                    ORDER BY created_at DESC, id DESC LIMIT ?4
                    """,
                    authorID.rawValue, after.milliseconds, after.id, page.limit,
                    row: PostRecord.init(row:)
                )
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        return try page.page(of: records) { record throws(ServiceError) in try Post(record) }
    }

    /// Deletes the post with `id`; see `PostService.delete(id:)`.
    public func delete(id: Post.ID) async throws(ServiceError) {
        let deleted: Int
        do {
            deleted = try await database.perform { connection throws(SQLiteError) in
                try connection.run("DELETE FROM posts WHERE id = ?1", id.rawValue)
            }
        } catch {
            throw error.serviceError(location: database.location)
        }
        guard deleted > 0 else { throw .notFound(what: "post \(id)") }
    }
}

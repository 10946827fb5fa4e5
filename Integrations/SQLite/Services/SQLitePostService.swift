import Foundation
import IntegrationSupport
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
    /// The feed observations, sharing one reader per author and page size.
    let feedObservations: SharedRefreshes<FirstPageKey, Page<Post>>

    init(database: Database, now: @escaping @Sendable () -> Date, observationInterval: Duration) {
        self.database = database
        self.now = now
        feedObservations = SharedRefreshes(on: database.changes, minimumInterval: observationInterval)
    }

    /// Validates and stores `draft`; see `PostService.publish(_:)`.
    ///
    /// The post is `PostRules.post(from:now:)` on the integration's clock, in whole milliseconds.
    public func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        let post = try ServiceError.validating { () throws(ValidationError) in
            try PostRules.post(from: draft, now: now())
        }
        let record = PostRecord(post)
        try await database.run(meaning: { error in
            PostWrites.insertFailure(error, postID: record.id, authorID: record.authorID)
        }) {
            connection throws(SQLiteError) in
            try connection.run(PostRecord.insert, values: record.values)
        }
        return post
    }

    /// Returns the post with `id`; see `PostService.post(id:)`.
    public func post(id: Post.ID) async throws(ServiceError) -> Post {
        let record = try await database.run { connection throws(SQLiteError) in
            try connection.queryFirst(PostRecord.select + "WHERE id = ?1", id.rawValue, row: PostRecord.init(row:))
        }
        guard let record else { throw .notFound(what: "post \(id)") }
        return try Post(record)
    }

    /// Returns a page of `authorID`'s posts, newest first; see `PostService.feed(authorID:page:)`.
    public func feed(authorID: User.ID, page request: PageRequest) async throws(ServiceError) -> Page<Post> {
        let page = try KeysetPage(request, scope: KeysetCursor.feedScope(authorID))
        let records = try await database.run { connection throws(SQLiteError) in
            try PostRecord.feed.rows(on: connection, owner: authorID.rawValue, page: page, row: PostRecord.init(row:))
        }
        return try page.page(of: records, position: \.position).map { record throws(ServiceError) in try Post(record) }
    }

    /// Deletes the post with `id` for its author; see `PostService.delete(id:by:)`.
    ///
    /// One `DELETE` keyed by id and author; when it removes nothing, a look-up tells a missing post
    /// (`.notFound`) from someone else's (`.forbidden`): `PostWrites.delete`.
    public func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        let refusal = try await database.run { connection throws(SQLiteError) in
            try PostWrites.delete(id.rawValue, by: actorID.rawValue, on: connection)
        }
        if let refusal { throw refusal.error(postID: id.rawValue) }
    }

    /// Observes the first page of `authorID`'s feed; see `PostService.observeFeed(authorID:pageSize:)`.
    /// Commits through this integration are seen at once, commits by other connections and processes
    /// within the configured poll interval. Observers of the same page share one read per change.
    public func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        feedObservations.observe(FirstPageKey(ownerID: authorID.rawValue, pageSize: pageSize)) {
            () throws(ServiceError) in
            try await feed(authorID: authorID, page: PageRequest(size: pageSize))
        }
    }
}

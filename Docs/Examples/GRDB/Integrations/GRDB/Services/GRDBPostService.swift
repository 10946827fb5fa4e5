import Foundation
import GRDB
import IntegrationSupport
import Models
import Services

/// A `PostService` storing posts in the integration's database, through GRDB's records and query
/// interface.
///
/// Get it from `GRDBIntegration.postService`. Safe to call from any task. The author is checked
/// by the table's foreign key, so an unknown author stores nothing.
public struct GRDBPostService: PostService {
    let store: Store
    let now: @Sendable () -> Date

    /// Validates and stores `draft`; see `PostService.publish(_:)`. The post is
    /// `PostRules.post(from:now:)` on the integration's clock.
    public func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        let post = try ServiceError.validating { () throws(ValidationError) in
            try PostRules.post(from: draft, now: now())
        }
        let row = PostRow(
            id: post.id.rawValue, authorID: post.authorID.rawValue, text: post.text,
            createdAt: post.createdAt.millisecondsSince1970, videoID: post.videoID?.rawValue)
        try await store.write(meaning: { error in
            switch error.extendedResultCode {
            case .SQLITE_CONSTRAINT_FOREIGNKEY: .notFound(what: "author \(draft.authorID)")
            case .SQLITE_CONSTRAINT_PRIMARYKEY: .conflict(reason: "a post with id \(row.id) already exists")
            default: nil
            }
        }) { db in try row.insert(db) }
        return post
    }

    /// Returns the post with `id`; see `PostService.post(id:)`.
    public func post(id: Post.ID) async throws(ServiceError) -> Post {
        guard let row = try await store.read({ db in try PostRow.fetchOne(db, key: id.rawValue) }) else {
            throw .notFound(what: "post \(id)")
        }
        return Post(row)
    }

    /// Returns a page of `authorID`'s posts, newest first; see `PostService.feed(authorID:page:)`.
    public func feed(authorID: User.ID, page request: PageRequest) async throws(ServiceError) -> Page<Post> {
        let page = try KeysetPage(request, scope: KeysetCursor.feedScope(authorID))
        return try await store.read { db in try Self.page(page, of: authorID, in: db) }
    }

    /// Deletes the post with `id` for its author; see `PostService.delete(id:by:)`.
    public func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        let owner = try await store.write { db -> String?? in
            let mine = PostRow.filter(key: id.rawValue).filter(PostRow.CodingKeys.authorID == actorID.rawValue)
            if try mine.deleteAll(db) > 0 { return .none }
            return .some(try PostRow.fetchOne(db, key: id.rawValue)?.authorID)
        }
        switch owner {
        case .none: return
        case .some(.none): throw .notFound(what: "post \(id)")
        case .some(.some): throw .forbidden(reason: "only the author of post \(id) may delete it")
        }
    }

    /// Observes the first page of `authorID`'s feed with GRDB's `ValueObservation`; see
    /// `PostService.observeFeed(authorID:pageSize:)`.
    public func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        let page: KeysetPage
        do {
            page = try KeysetPage(PageRequest(size: pageSize), scope: KeysetCursor.feedScope(authorID))
        } catch {
            return ServiceObservation(failing: error)
        }
        return store.observe { db in try Self.page(page, of: authorID, in: db) }
    }

    /// One page of the feed: up to `page.limit` rows after the page's position, newest first.
    private static func page(_ page: KeysetPage, of authorID: User.ID, in db: Database) throws -> Page<Post> {
        var request = PostRow.filter(PostRow.CodingKeys.authorID == authorID.rawValue)
            .order(PostRow.CodingKeys.createdAt.desc, PostRow.CodingKeys.id.desc)
            .limit(page.limit)
        if let after = page.after {
            request = request.filter(literal: "(created_at, id) < (\(after.milliseconds), \(after.id))")
        }
        return page.page(of: try request.fetchAll(db), position: \.position).map(Post.init)
    }
}

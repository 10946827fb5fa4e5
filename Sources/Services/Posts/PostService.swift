import Models

/// Publishes, lists and deletes posts.
///
/// The contract every implementation keeps (checked by `PostServiceContract`):
/// - `publish(_:)` validates the draft with `PostRules`, checks that the author exists, assigns a
///   non-empty id (the draft's own, when it has one) and `createdAt`, and returns the post exactly as
///   `post(id:)` will return it. A draft naming an id already taken is a conflict and stores nothing.
/// - `feed(authorID:page:)` lists one author's posts newest first, ties on `createdAt` broken by
///   descending id. Paging is keyset-based: walking the cursors returns every post that existed when
///   the walk began exactly once, also while new posts are published, and a deleted post never
///   reappears. The last page has no cursor.
/// - `delete(id:by:)` deletes a post only for its author; anyone else gets `.forbidden` and the
///   post stays.
/// - Every method throws only `ServiceError`; a failed call stores nothing.
///
/// Implementations are safe to call from any task concurrently.
public protocol PostService: Sendable {
    /// Validates and stores `draft`, returning the stored post: `PostRules.post(from:now:)`, so a
    /// draft's own id and time are kept (a time after the service's now is taken as now).
    ///
    /// - Throws: `.invalidInput` (field `"text"`) for text breaking `PostRules` (field `"id"` for an
    ///   unusable id, `"createdAt"` for a time before the year 1), `.notFound` when the author does not exist, `.conflict` when the draft's id is
    ///   taken, `.unavailable` / `.corruptData` when the store fails.
    func publish(_ draft: PostDraft) async throws(ServiceError) -> Post

    /// Returns the post with `id`.
    ///
    /// - Throws: `.notFound` when there is no such post (never was, or was deleted).
    func post(id: Post.ID) async throws(ServiceError) -> Post

    /// Returns one page of `authorID`'s posts, newest first.
    ///
    /// An author with no posts (or unknown to the service) has an empty feed.
    /// - Throws: `.invalidInput` (field `"pageSize"`) for a size outside 1–100, or (field `"cursor"`)
    ///   for a cursor that this service did not issue for this author's feed.
    func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post>

    /// Deletes the post with `id` on behalf of `actorID`, who must be its author.
    ///
    /// - Throws: `.notFound` when there is no such post, including a second delete of the same id;
    ///   `.forbidden` when `actorID` is not the post's author (the post is kept).
    func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError)

    /// Observes the first page of `authorID`'s feed: the page now, then a fresh page after every
    /// change to it (a publish or a delete, through this instance or any other on the same store).
    ///
    /// See `ServiceObservation` for the delivery promise. The observation fails with
    /// `.invalidInput` (field `"pageSize"`) for a size outside 1–100, or with what the store throws.
    func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>>
}

extension ServiceKey where Service == any PostService {
    /// The post service.
    public static var posts: Self { Self(.posts) }
}

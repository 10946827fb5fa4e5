import IntegrationSupport
import Models
import Services

/// A `PostService` keeping posts in the store file; authors must exist in the same store's users.
///
/// Get it from `JSONFileStoreIntegration.postService`. A publish or delete returns once a save
/// holding it is durable; concurrent ones share saves. Safe to call concurrently.
public struct JSONFileStorePostService: PostService {
    let session: StoreSession

    /// Validates, stores and saves `draft`; see `PostService.publish(_:)`.
    public func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        try await session.change { store throws(ServiceError) in try store.publish(draft) }
    }

    /// Returns the post with `id`; see `PostService.post(id:)`.
    public func post(id: Post.ID) async throws(ServiceError) -> Post {
        try await session.read { store throws(ServiceError) in try store.post(id: id) }
    }

    /// Returns a page of `authorID`'s posts, newest first; see `PostService.feed(authorID:page:)`.
    public func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post> {
        try await session.read { store throws(ServiceError) in try store.feed(authorID: authorID, request: page) }
    }

    /// Deletes the post with `id` for its author and saves; see `PostService.delete(id:by:)`.
    public func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        try await session.change { store throws(ServiceError) in try store.deletePost(id: id, by: actorID) }
    }

    /// Observes the first page of `authorID`'s feed; see `PostService.observeFeed(authorID:pageSize:)`.
    /// Every change this process makes is seen at once; no other process can write while it holds
    /// the store's lock.
    public func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        .refreshing(on: session.store.changes) { () throws(ServiceError) in
            try await feed(authorID: authorID, page: PageRequest(size: pageSize))
        }
    }
}

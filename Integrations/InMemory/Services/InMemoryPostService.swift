import IntegrationSupport
import Models
import Services

/// A `PostService` holding posts in memory; authors must exist in the same integration's users.
///
/// Get it from `InMemoryIntegration.postService`. Safe to call concurrently: every call is one
/// atomic step on the integration's `ModelStore`.
public struct InMemoryPostService: PostService {
    let store: ModelStore

    /// Validates and stores `draft`; see `PostService.publish(_:)`.
    public func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        try await store.publish(draft)
    }

    /// Returns the post with `id`; see `PostService.post(id:)`.
    public func post(id: Post.ID) async throws(ServiceError) -> Post {
        try await store.post(id: id)
    }

    /// Returns a page of `authorID`'s posts, newest first; see `PostService.feed(authorID:page:)`.
    public func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post> {
        try await store.feed(authorID: authorID, request: page)
    }

    /// Deletes the post with `id` for its author; see `PostService.delete(id:by:)`.
    public func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        try await store.deletePost(id: id, by: actorID)
    }

    /// Observes the first page of `authorID`'s feed; see `PostService.observeFeed(authorID:pageSize:)`.
    /// Every change to the store is seen at once.
    public func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        .refreshing(on: store.changes) { () throws(ServiceError) in
            try await feed(authorID: authorID, page: PageRequest(size: pageSize))
        }
    }
}

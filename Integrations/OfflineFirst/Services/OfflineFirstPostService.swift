import Foundation
import Models
import Services

/// Posts served from the local store: a publish or delete is applied there and queued at once,
/// never waiting for the network; reads never touch it. Get it from
/// `OfflineFirstIntegration.postService`.
public struct OfflineFirstPostService: PostService {
    let local: OfflineFirstLocal
    let users: OfflineFirstUserService
    let engine: SyncEngine
    let now: @Sendable () -> Date

    /// Validates the draft, stores the post under its own id (made here when the draft has none)
    /// and queues its publish; see `PostService.publish(_:)`.
    public func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        let post = try ServiceError.validating { () throws(ValidationError) in
            try PostRules.post(from: draft, now: now())
        }
        let key = UUID().uuidString.lowercased()
        do {
            _ = try await local.replica.record(.publish(post), key: key)
        } catch .notFound {
            // An author this device has not kept yet: the only publish that asks the server.
            _ = try await users.user(id: draft.authorID)
            _ = try await local.replica.record(.publish(post), key: key)
        }
        await engine.outboxChanged(author: post.authorID)
        return post
    }

    /// The local post; see `PostService.post(id:)`.
    public func post(id: Post.ID) async throws(ServiceError) -> Post {
        try await local.posts.post(id: id)
    }

    /// The local feed; see `PostService.feed(authorID:page:)`. Never waits for the network: the
    /// author's posts are brought down from the next read of the change feed on.
    public func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post> {
        await engine.follow(authorID)
        return try await local.posts.feed(authorID: authorID, page: page)
    }

    /// Deletes locally and queues the delete (cancelling a publish no sender has taken); see
    /// `PostService.delete(id:by:)`.
    public func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        _ = try await local.replica.record(.delete(postID: id, authorID: actorID), key: UUID().uuidString.lowercased())
        await engine.outboxChanged(author: actorID)
    }

    /// The local feed, observed: local changes at once, the server's as the change feed brings them.
    public func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        local.posts.observeFeed(authorID: authorID, pageSize: pageSize)
    }
}

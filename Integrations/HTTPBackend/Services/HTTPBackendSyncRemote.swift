// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import BackendAPI
import HTTPSupport
import Models
import Services

/// The server side of an offline-first integration over the backend's API: queued commands are
/// sent under their own idempotency keys, and the change feed is read with a long-poll. Get it
/// from `HTTPBackendIntegration.syncRemote`.
public struct HTTPBackendSyncRemote: PostSyncRemote {
    let connection: BackendConnection

    /// `POST /v1/posts` with the post's own id, or `DELETE /v1/posts/{post_id}`, under the
    /// command's key. A publish whose id the backend already holds for the same author (sent
    /// before, its answer lost, its key since forgotten) is done; a delete of a post already
    /// gone is done.
    public func send(_ command: OutboxCommand) async throws(ServiceError) -> Post? {
        switch command.operation {
        case .publish(let post):
            let endpoint = Operations.PublishPost(
                draft: PostDraft(
                    authorID: post.authorID, text: post.text, videoID: post.videoID, id: post.id,
                    createdAt: post.createdAt))
            do {
                return Post(
                    try await connection.change(endpoint, subject: "post \(post.id)", idempotencyKey: command.key))
            } catch .conflict(let reason) {
                // Whose is the id? Only an answer says; a lost one stays a failure to retry, not a refusal.
                let held: Schemas.Post
                do {
                    held = try await connection.call(Operations.GetPost(postID: post.id), subject: "post \(post.id)")
                } catch .notFound {
                    throw .conflict(reason: reason)
                }
                guard held.authorID == post.authorID.rawValue else { throw .conflict(reason: reason) }
                return Post(held)
            }
        case .delete(let postID, let authorID):
            do {
                try await connection.change(
                    Operations.DeletePost(postID: postID, actorID: authorID), subject: "post \(postID)",
                    idempotencyKey: command.key)
            } catch .notFound {}
            return nil
        }
    }

    /// `GET /v1/health`, sent once. An error status counts as an answer when it carries the API's
    /// error body and is not a busy or unreachable server's (`408`, `429`, `502`, `503`, `504`): a
    /// backend whose health check fails still takes requests, while a proxy's page says nothing
    /// of the backend behind it. A `200` counts only with the API's body: a captive portal's page
    /// is not the backend's.
    public func probe() async throws(ServiceError) {
        do {
            try await connection.client.perform(Operations.GetHealth())
        } catch {
            if case .status(let status, _?, _) = error, ![408, 429, 502, 503, 504].contains(status) { return }
            throw ServiceError(backend: error, operation: "\(Operations.GetHealth.operation) at \(connection.baseURL)")
        }
    }

    /// `GET /v1/users/{user_id}/posts/changes?cursor=…&wait=…`; after a `reset` answer, the whole
    /// feed, page by page, as a snapshot that continues from the answer's cursor.
    public func changes(authorID: User.ID, after cursor: String?, wait: Duration) async throws(ServiceError)
        -> PostChangeBatch
    {
        let answer = try await connection.call(
            Operations.GetPostChanges(authorID: authorID, cursor: cursor, wait: wait),
            subject: "the changes of \(authorID)")
        guard answer.reset else {
            let changes = answer.changes.map { change in
                change.post.map { PostChange.saved(Post($0)) } ?? .deleted(Post.ID(change.postID))
            }
            return PostChangeBatch(changes: changes, cursor: answer.cursor)
        }
        var posts: [PostChange] = []
        var page = PageRequest.first(100)
        var seenCursors = Set<String>()
        while true {
            let listing = try await connection.call(
                Operations.ListPosts(authorID: authorID, page: page), subject: "the feed of \(authorID)")
            posts += listing.items.map { PostChange.saved(Post($0)) }
            guard let next = listing.nextCursor else { break }
            guard seenCursors.insert(next).inserted else {
                throw .unavailable(
                    reason: "the backend repeated the cursor \(next) while listing \(authorID)'s feed", retryAfter: nil)
            }
            page = PageRequest(size: 100, cursor: Cursor(rawValue: next))
        }
        return PostChangeBatch(changes: posts, cursor: answer.cursor, isSnapshot: true)
    }
}

import BackendAPI
import IntegrationSupport
import Models
import Services

/// Posts over the backend's API. Get it from `HTTPBackendIntegration.services`.
///
/// Publishing and deleting act for a user: the request is signed with that user's session (the
/// integration signs in on first use). The backend validates and authorizes; its answers are
/// mapped to the app's models and errors here.
public struct HTTPBackendPostService: PostService {
    let connection: BackendConnection

    /// `POST /v1/posts`, signed with the author's session; the backend validates the text (422 → invalid input naming `text`).
    public func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        // The video id is checked here too; the backend checks everything again.
        try ServiceError.validating { () throws(ValidationError) in _ = try PostRules.validated(draft) }
        return Post(
            try await connection.change(Operations.PublishPost(draft: draft), subject: "author \(draft.authorID)"))
    }

    /// `GET /v1/posts/{post_id}`; 404 → not found.
    public func post(id: Post.ID) async throws(ServiceError) -> Post {
        Post(try await connection.call(Operations.GetPost(postID: id), subject: "post \(id)"))
    }

    /// `GET /v1/users/{user_id}/posts` with `page_size` and `cursor`; the backend refuses foreign cursors.
    public func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post> {
        Page(try await connection.call(Operations.ListPosts(authorID: authorID, page: page)), Post.init)
    }

    /// `DELETE /v1/posts/{post_id}`, signed with `actorID`'s session; 403 → forbidden when not the author.
    public func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        try await connection.change(Operations.DeletePost(postID: id, actorID: actorID), subject: "post \(id)")
    }

    /// The first page now, then after every change: this process's changes at once, other
    /// clients' within one poll of the change feed (`changePollInterval`).
    public func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        .refreshing(on: connection.changes) { () async throws(ServiceError) in
            try await feed(authorID: authorID, page: .first(pageSize))
        }
    }
}

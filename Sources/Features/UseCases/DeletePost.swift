import Models
import Services

/// Deletes one post.
public enum DeletePost: UseCase {
    /// Which post to delete, and who asks.
    public struct Request: Hashable, Sendable {
        /// The post to delete.
        public var postID: Post.ID
        /// The user asking; only the post's author may delete it.
        public var actorID: User.ID

        /// Creates a request.
        public init(postID: Post.ID, actorID: User.ID) {
            self.postID = postID
            self.actorID = actorID
        }
    }

    /// What was deleted.
    public struct Response: Hashable, Sendable {
        /// The id of the deleted post.
        public var deletedID: Post.ID

        /// Creates a response.
        public init(deletedID: Post.ID) {
            self.deletedID = deletedID
        }
    }

    /// Deletes the post.
    ///
    /// - Throws: `.notFound` when there is no such post (also on a second delete), `.forbidden`
    ///   when the actor is not its author, `.cancelled`, or what the post service throws.
    public static func run(
        _ request: Request, with posts: any PostService
    ) async throws(ServiceError) -> Response {
        try ServiceError.checkCancellation()
        try await posts.delete(id: request.postID, by: request.actorID)
        return Response(deletedID: request.postID)
    }
}

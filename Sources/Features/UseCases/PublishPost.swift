import Models
import Services

/// Publishes a post for an author: the use case behind a composer's "Post" button.
///
/// Carried out by a `UseCaseCommand` built with its request and the post service, so it can run on
/// a `CommandQueue` and a test can put a `TestCommand` in its place. The text is checked with
/// `PostRules` before the service is called, so an empty or overlong text fails fast with
/// `.invalidInput(field: "text", ...)` whatever the integration.
public enum PublishPost: UseCase {
    /// What to publish.
    public struct Request: Hashable, Sendable {
        /// The author; must exist in the user service.
        public var authorID: User.ID
        /// The text as typed; trimmed and checked with `PostRules`.
        public var text: String
        /// A video to attach, if any.
        public var videoID: Video.ID?

        /// Creates a request.
        public init(authorID: User.ID, text: String, videoID: Video.ID? = nil) {
            self.authorID = authorID
            self.text = text
            self.videoID = videoID
        }
    }

    /// What was published.
    public struct Response: Hashable, Sendable {
        /// The stored post, exactly as the post service returns it.
        public var post: Post

        /// Creates a response.
        public init(post: Post) {
            self.post = post
        }
    }

    /// Validates the text and publishes the post.
    ///
    /// - Throws: `.invalidInput` (field `"text"`), `.notFound` for an unknown author, `.cancelled`
    ///   when the task was cancelled before publishing, or what the post service throws.
    public static func run(
        _ request: Request, with posts: any PostService
    ) async throws(ServiceError) -> Response {
        let text = try ServiceError.validating { () throws(ValidationError) in
            try PostRules.validatedText(request.text)
        }
        try ServiceError.checkCancellation()
        let post = try await posts.publish(
            PostDraft(authorID: request.authorID, text: text, videoID: request.videoID)
        )
        return Response(post: post)
    }
}

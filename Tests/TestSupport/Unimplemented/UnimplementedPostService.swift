import Models
import Services

/// A `PostService` whose every method fails the calling test unless the test provides it.
///
/// Set only the closures the code under test should call: `var posts = UnimplementedPostService();
/// posts.onPublish = { draft in ... }`.
public struct UnimplementedPostService: PostService {
    /// Handles `publish(_:)`; when `nil`, the call fails the test.
    public var onPublish: (@Sendable (PostDraft) async throws(ServiceError) -> Post)?
    /// Handles `post(id:)`; when `nil`, the call fails the test.
    public var onPost: (@Sendable (Post.ID) async throws(ServiceError) -> Post)?
    /// Handles `feed(authorID:page:)`; when `nil`, the call fails the test.
    public var onFeed: (@Sendable (User.ID, PageRequest) async throws(ServiceError) -> Page<Post>)?
    /// Handles `delete(id:by:)`; when `nil`, the call fails the test.
    public var onDelete: (@Sendable (Post.ID, User.ID) async throws(ServiceError) -> Void)?
    /// Handles `observeFeed(authorID:pageSize:)`; when `nil`, the call fails the test.
    public var onObserveFeed: (@Sendable (User.ID, Int) -> ServiceObservation<Page<Post>>)?

    /// Creates a double with nothing implemented.
    public init() {}

    /// Calls `onPublish`, or fails the test.
    public func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        guard let onPublish else { throw unimplemented("PostService.publish") }
        return try await onPublish(draft)
    }

    /// Calls `onPost`, or fails the test.
    public func post(id: Post.ID) async throws(ServiceError) -> Post {
        guard let onPost else { throw unimplemented("PostService.post(id:)") }
        return try await onPost(id)
    }

    /// Calls `onFeed`, or fails the test.
    public func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post> {
        guard let onFeed else { throw unimplemented("PostService.feed") }
        return try await onFeed(authorID, page)
    }

    /// Calls `onDelete`, or fails the test.
    public func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        guard let onDelete else { throw unimplemented("PostService.delete") }
        try await onDelete(id, actorID)
    }

    /// Calls `onObserveFeed`, or fails the test (and the observation).
    public func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        guard let onObserveFeed else { return ServiceObservation(failing: unimplemented("PostService.observeFeed")) }
        return onObserveFeed(authorID, pageSize)
    }
}

import Models
import Services

/// Follows the first page of an author's feed: the page now, then a fresh page after every change
/// to it, from this process or another (see `ServiceObservation` for the delivery promise).
///
/// Not a command: it does not run once and return, it delivers until its consumer stops. A
/// presenter iterates `updates()` while its view is visible and cancels it when the view goes.
public struct FollowFeed: Sendable {
    /// Whose feed to follow, and how much of it.
    public struct Request: Hashable, Sendable {
        /// Whose posts to follow.
        public var authorID: User.ID
        /// How many of the newest posts each update holds (1–100).
        public var pageSize: Int

        /// Creates a request.
        public init(authorID: User.ID, pageSize: Int) {
            self.authorID = authorID
            self.pageSize = pageSize
        }
    }

    /// What it follows.
    public let request: Request
    private let posts: any PostService

    /// Creates the use case; nothing runs until `updates()` is iterated.
    public init(request: Request, posts: any PostService) {
        self.request = request
        self.posts = posts
    }

    /// The first page now and after every change, shaped like `LoadFeedPage`'s response.
    public func updates() -> ServiceObservation<LoadFeedPage.Response> {
        posts.observeFeed(authorID: request.authorID, pageSize: request.pageSize).map { page in
            LoadFeedPage.Response(posts: page.items, nextCursor: page.nextCursor)
        }
    }
}

import Commands
import Models
import Services

/// Loads one page of an author's feed, newest first.
///
/// Identical loads in flight at the same time (same author, page size and cursor) share one
/// execution on a `CommandQueue` through `coalescingKey`, so a view appearing twice in quick
/// succession costs one service call.
public struct LoadFeedPage: Command {
    /// Which page to load.
    public struct Request: Hashable, Sendable {
        /// Whose posts to list.
        public var authorID: User.ID
        /// How many posts at most (1–100, see `PageRequest.sizeLimit`).
        public var pageSize: Int
        /// Where to continue: `nil` for the first page, otherwise the previous response's `nextCursor`.
        public var cursor: Cursor?

        /// Creates a request.
        public init(authorID: User.ID, pageSize: Int, cursor: Cursor? = nil) {
            self.authorID = authorID
            self.pageSize = pageSize
            self.cursor = cursor
        }
    }

    /// One page of posts.
    public struct Response: Hashable, Sendable {
        /// The page's posts, newest first.
        public var posts: [Post]
        /// The cursor of the next page, or `nil` on the last page.
        public var nextCursor: Cursor?

        /// Creates a response.
        public init(posts: [Post], nextCursor: Cursor?) {
            self.posts = posts
            self.nextCursor = nextCursor
        }
    }

    /// The request this command carries out.
    public let request: Request
    private let posts: any PostService

    /// Creates the command; nothing runs until `execute()`.
    public init(request: Request, posts: any PostService) {
        self.request = request
        self.posts = posts
    }

    /// Equal exactly for loads that would return the same page (author, size and cursor, each
    /// length-prefixed so no two requests collide). Scoped to one queue: give each set of services
    /// its own queue.
    public var coalescingKey: String? {
        CoalescingKey.make("feed", request.authorID.rawValue, "\(request.pageSize)", request.cursor?.rawValue ?? "")
    }

    /// Checks the page size and loads the page.
    ///
    /// - Throws: `.invalidInput` (field `"pageSize"` or `"cursor"`), `.cancelled`, or what the post
    ///   service throws.
    public func execute() async throws(ServiceError) -> Response {
        let page = PageRequest(size: request.pageSize, cursor: request.cursor)
        try ServiceError.validating { () throws(ValidationError) in try page.validate() }
        try ServiceError.checkCancellation()
        let result = try await posts.feed(authorID: request.authorID, page: page)
        return Response(posts: result.items, nextCursor: result.nextCursor)
    }
}

import Commands
import Models
import Services

/// Loads one page of a user's saved videos, newest first.
///
/// Identical loads in flight at once share one execution on a `CommandQueue`.
public struct LoadVideoLibraryPage: Command {
    /// Which page to load.
    public struct Request: Hashable, Sendable {
        /// Whose library to list.
        public var ownerID: User.ID
        /// How many videos at most (1–100).
        public var pageSize: Int
        /// Where to continue: `nil` for the first page, otherwise the previous response's `nextCursor`.
        public var cursor: Cursor?

        /// Creates a request.
        public init(ownerID: User.ID, pageSize: Int, cursor: Cursor? = nil) {
            self.ownerID = ownerID
            self.pageSize = pageSize
            self.cursor = cursor
        }
    }

    /// One page of videos.
    public struct Response: Hashable, Sendable {
        /// The page's videos, newest first.
        public var videos: [Video]
        /// The cursor of the next page, or `nil` on the last page.
        public var nextCursor: Cursor?

        /// Creates a response.
        public init(videos: [Video], nextCursor: Cursor?) {
            self.videos = videos
            self.nextCursor = nextCursor
        }
    }

    /// The request this command carries out.
    public let request: Request
    private let library: any VideoLibraryService

    /// Creates the command; nothing runs until `execute()`.
    public init(request: Request, library: any VideoLibraryService) {
        self.request = request
        self.library = library
    }

    /// Equal exactly for loads that would return the same page (owner, size and cursor, each
    /// length-prefixed so no two requests collide).
    public var coalescingKey: String? {
        CoalescingKey.make("library", request.ownerID.rawValue, "\(request.pageSize)", request.cursor?.rawValue ?? "")
    }

    /// Checks the page size and loads the page.
    ///
    /// - Throws: `.invalidInput` (field `"pageSize"` or `"cursor"`), `.cancelled`, or what the
    ///   library throws.
    public func execute() async throws(ServiceError) -> Response {
        let page = PageRequest(size: request.pageSize, cursor: request.cursor)
        try ServiceError.validating { () throws(ValidationError) in try page.validate() }
        try ServiceError.checkCancellation()
        let result = try await library.videos(ownerID: request.ownerID, page: page)
        return Response(videos: result.items, nextCursor: result.nextCursor)
    }
}

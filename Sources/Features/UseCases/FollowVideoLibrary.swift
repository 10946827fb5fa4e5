import Models
import Services

/// Follows the first page of a user's video library: the page now, then a fresh page after every
/// save, status change or removal (see `ServiceObservation` for the delivery promise).
///
/// Not a command: it delivers until its consumer stops. A presenter iterates `updates()` while its
/// view is visible and cancels it when the view goes.
public struct FollowVideoLibrary: Sendable {
    /// Whose library to follow, and how much of it.
    public struct Request: Hashable, Sendable {
        /// Whose videos to follow.
        public var ownerID: User.ID
        /// How many of the newest videos each update holds (1–100).
        public var pageSize: Int

        /// Creates a request.
        public init(ownerID: User.ID, pageSize: Int) {
            self.ownerID = ownerID
            self.pageSize = pageSize
        }
    }

    /// What it follows.
    public let request: Request
    private let library: any VideoLibraryService

    /// Creates the use case; nothing runs until `updates()` is iterated.
    public init(request: Request, library: any VideoLibraryService) {
        self.request = request
        self.library = library
    }

    /// The first page now and after every change, shaped like `LoadVideoLibraryPage`'s response.
    public func updates() -> ServiceObservation<LoadVideoLibraryPage.Response> {
        library.observeVideos(ownerID: request.ownerID, pageSize: request.pageSize).map { page in
            LoadVideoLibraryPage.Response(videos: page.items, nextCursor: page.nextCursor)
        }
    }
}

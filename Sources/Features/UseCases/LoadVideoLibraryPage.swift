import Commands
import Models
import Services

/// Loads one page of a user's saved videos, newest first, bringing videos still `processing` up
/// to date with the host.
///
/// A video stays `processing` in the library when the upload that saved it stopped waiting (it
/// timed out, was cancelled, or the app was killed) while the host went on processing. So for each
/// such video on the page the host is asked for its status: a final status is saved to the library
/// and shown; a video the host no longer has is saved as `.failed` saying so; a host that cannot
/// answer now leaves the video as it is (the next load asks again). Identical loads in flight at
/// once share one execution on a `CommandQueue`.
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
    private let hosting: any VideoHostingService

    /// Creates the command; nothing runs until `execute()`.
    public init(request: Request, library: any VideoLibraryService, hosting: any VideoHostingService) {
        self.request = request
        self.library = library
        self.hosting = hosting
    }

    /// Equal exactly for loads that would return the same page (owner, size and cursor, each
    /// length-prefixed so no two requests collide).
    public var coalescingKey: String? {
        CoalescingKey.make("library", request.ownerID.rawValue, "\(request.pageSize)", request.cursor?.rawValue ?? "")
    }

    /// Checks the page size, loads the page, and reconciles its `processing` videos with the host.
    ///
    /// - Throws: `.invalidInput` (field `"pageSize"` or `"cursor"`), `.cancelled`, or what the
    ///   library throws. The host's failures never fail the load.
    public func execute() async throws(ServiceError) -> Response {
        let page = PageRequest(size: request.pageSize, cursor: request.cursor)
        try ServiceError.validating { () throws(ValidationError) in try page.validate() }
        try ServiceError.checkCancellation()
        let result = try await library.videos(ownerID: request.ownerID, page: page)
        var videos: [Video] = []
        for video in result.items {
            videos.append(video.status == .processing ? try await reconciled(video) : video)
        }
        return Response(videos: videos, nextCursor: result.nextCursor)
    }

    /// `video` with the host's current status saved to the library, when the host has moved on.
    private func reconciled(_ video: Video) async throws(ServiceError) -> Video {
        var current = video
        do {
            let hosted = try await hosting.hostedVideo(id: video.id).video
            guard let updated = video.adoptingHostStatus(of: hosted) else { return video }
            current = updated
        } catch .notFound {
            current.status = .failed(reason: "the video host no longer has this video")
        } catch .cancelled {
            throw .cancelled
        } catch {
            return video
        }
        return try await library.save(current)
    }
}

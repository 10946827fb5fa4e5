// scripts/remove-service deletes this file with the service it is part of: library
import Models
import Services

extension ModelStore {
    /// One page of `ownerID`'s saved videos, newest first; see `VideoLibraryService.videos(ownerID:page:)`.
    public func libraryVideos(ownerID: User.ID, request: PageRequest) throws(ServiceError) -> Page<Video> {
        let page = try KeysetPage(request, scope: KeysetCursor.libraryScope(ownerID))
        let position = { (video: Video) in Self.position(video.createdAt, video.id) }
        if request.cursor == nil {
            let newest = Self.newest(page.limit, of: libraryVideos.values.lazy.filter { $0.ownerID == ownerID }) {
                ($0.createdAt, $0.id.rawValue)
            }
            return page.page(of: newest, position: position)
        }
        let listing = Self.newestFirst(
            libraryVideos.values.filter { $0.ownerID == ownerID }, date: \.createdAt, id: \.id)
        return page.page(ofListing: listing, position: position)
    }

    /// The saved video with `id`; see `VideoLibraryService.video(id:)`.
    public func libraryVideo(id: Video.ID) throws(ServiceError) -> Video {
        guard let video = libraryVideos[id] else { throw .notFound(what: "video \(id) in the library") }
        return video
    }

    /// Validates and inserts or replaces `video`; see `VideoLibraryService.save(_:)`.
    public func saveToLibrary(_ video: Video) throws(ServiceError) -> Video {
        let video = try ServiceError.validating { () throws(ValidationError) in try VideoRules.validated(video) }
        libraryVideos[video.id] = video
        return video
    }

    /// Removes the video with `id`; see `VideoLibraryService.remove(id:)`.
    public func removeFromLibrary(id: Video.ID) throws(ServiceError) {
        guard libraryVideos.removeValue(forKey: id) != nil else {
            throw .notFound(what: "video \(id) in the library")
        }
    }
}

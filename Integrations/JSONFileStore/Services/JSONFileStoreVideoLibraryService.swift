import IntegrationSupport
import Models
import Services

/// A `VideoLibraryService` keeping saved videos in the store file.
///
/// Get it from `JSONFileStoreIntegration.videoLibraryService`. A save or remove returns once a save of
/// the file holding it is durable. Safe to call concurrently.
public struct JSONFileStoreVideoLibraryService: VideoLibraryService {
    let session: StoreSession

    /// Returns a page of `ownerID`'s saved videos, newest first; see `VideoLibraryService.videos(ownerID:page:)`.
    public func videos(ownerID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Video> {
        try await session.read { store throws(ServiceError) in
            try store.libraryVideos(ownerID: ownerID, request: page)
        }
    }

    /// Returns the saved video with `id`; see `VideoLibraryService.video(id:)`.
    public func video(id: Video.ID) async throws(ServiceError) -> Video {
        try await session.read { store throws(ServiceError) in try store.libraryVideo(id: id) }
    }

    /// Validates, stores and saves `video`; see `VideoLibraryService.save(_:)`.
    public func save(_ video: Video) async throws(ServiceError) -> Video {
        try await session.change { store throws(ServiceError) in try store.saveToLibrary(video) }
    }

    /// Removes the video with `id` and saves; see `VideoLibraryService.remove(id:)`.
    public func remove(id: Video.ID) async throws(ServiceError) {
        try await session.change { store throws(ServiceError) in try store.removeFromLibrary(id: id) }
    }

    /// Observes the first page of `ownerID`'s library; see `VideoLibraryService.observeVideos(ownerID:pageSize:)`.
    public func observeVideos(ownerID: User.ID, pageSize: Int) -> ServiceObservation<Page<Video>> {
        .refreshing(on: session.store.changes) { () throws(ServiceError) in
            try await videos(ownerID: ownerID, page: PageRequest(size: pageSize))
        }
    }
}

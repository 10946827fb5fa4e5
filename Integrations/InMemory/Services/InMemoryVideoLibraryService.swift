// scripts/remove-service deletes this file with the service it is part of: library
import IntegrationSupport
import Models
import Services

/// A `VideoLibraryService` holding saved videos in memory.
///
/// Get it from `InMemoryIntegration.videoLibraryService`. Safe to call concurrently.
public struct InMemoryVideoLibraryService: VideoLibraryService {
    let store: ModelStore

    /// Returns a page of `ownerID`'s videos, newest first; see `VideoLibraryService.videos(ownerID:page:)`.
    public func videos(ownerID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Video> {
        try await store.libraryVideos(ownerID: ownerID, request: page)
    }

    /// Returns the saved video with `id`; see `VideoLibraryService.video(id:)`.
    public func video(id: Video.ID) async throws(ServiceError) -> Video {
        try await store.libraryVideo(id: id)
    }

    /// Inserts or replaces `video`; see `VideoLibraryService.save(_:)`.
    public func save(_ video: Video) async throws(ServiceError) -> Video {
        try await store.saveToLibrary(video)
    }

    /// Removes the video with `id`; see `VideoLibraryService.remove(id:)`.
    public func remove(id: Video.ID) async throws(ServiceError) {
        try await store.removeFromLibrary(id: id)
    }

    /// Observes the first page of `ownerID`'s library; see
    /// `VideoLibraryService.observeVideos(ownerID:pageSize:)`. Every change to the store is seen at once.
    public func observeVideos(ownerID: User.ID, pageSize: Int) -> ServiceObservation<Page<Video>> {
        .refreshing(on: store.changes) { () throws(ServiceError) in
            try await videos(ownerID: ownerID, page: PageRequest(size: pageSize))
        }
    }
}

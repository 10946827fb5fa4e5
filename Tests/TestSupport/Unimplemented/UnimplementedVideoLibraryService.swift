// scripts/remove-service deletes this file with the service it is part of: library
import Models
import Services

/// A `VideoLibraryService` whose every method fails the calling test unless the test provides it.
public struct UnimplementedVideoLibraryService: VideoLibraryService {
    /// Handles `videos(ownerID:page:)`; when `nil`, the call fails the test.
    public var onVideos: (@Sendable (User.ID, PageRequest) async throws(ServiceError) -> Page<Video>)?
    /// Handles `video(id:)`; when `nil`, the call fails the test.
    public var onVideo: (@Sendable (Video.ID) async throws(ServiceError) -> Video)?
    /// Handles `save(_:)`; when `nil`, the call fails the test.
    public var onSave: (@Sendable (Video) async throws(ServiceError) -> Video)?
    /// Handles `remove(id:)`; when `nil`, the call fails the test.
    public var onRemove: (@Sendable (Video.ID) async throws(ServiceError) -> Void)?
    /// Handles `observeVideos(ownerID:pageSize:)`; when `nil`, the call fails the test.
    public var onObserveVideos: (@Sendable (User.ID, Int) -> ServiceObservation<Page<Video>>)?

    /// Creates a double with nothing implemented.
    public init() {}

    /// Calls `onVideos`, or fails the test.
    public func videos(ownerID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Video> {
        guard let onVideos else { throw unimplemented("VideoLibraryService.videos") }
        return try await onVideos(ownerID, page)
    }

    /// Calls `onVideo`, or fails the test.
    public func video(id: Video.ID) async throws(ServiceError) -> Video {
        guard let onVideo else { throw unimplemented("VideoLibraryService.video(id:)") }
        return try await onVideo(id)
    }

    /// Calls `onSave`, or fails the test.
    public func save(_ video: Video) async throws(ServiceError) -> Video {
        guard let onSave else { throw unimplemented("VideoLibraryService.save") }
        return try await onSave(video)
    }

    /// Calls `onRemove`, or fails the test.
    public func remove(id: Video.ID) async throws(ServiceError) {
        guard let onRemove else { throw unimplemented("VideoLibraryService.remove") }
        try await onRemove(id)
    }

    /// Calls `onObserveVideos`, or fails the test (and the observation).
    public func observeVideos(ownerID: User.ID, pageSize: Int) -> ServiceObservation<Page<Video>> {
        guard let onObserveVideos else {
            return ServiceObservation(failing: unimplemented("VideoLibraryService.observeVideos"))
        }
        return onObserveVideos(ownerID, pageSize)
    }
}

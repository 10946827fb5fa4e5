// scripts/remove-service deletes this file with the service it is part of: hosting
import Models
import Services

/// A `VideoHostingService` whose every method fails the calling test unless the test provides it.
public struct UnimplementedVideoHostingService: VideoHostingService {
    /// Handles `upload(_:progress:)`; when `nil`, the call fails the test.
    public var onUpload:
        (
            @Sendable (VideoUpload, @escaping @Sendable (UploadProgress) -> Void) async throws(ServiceError) ->
                HostedVideo
        )?
    /// Handles `hostedVideo(id:)`; when `nil`, the call fails the test.
    public var onHostedVideo: (@Sendable (Video.ID) async throws(ServiceError) -> HostedVideo)?
    /// Handles `delete(id:)`; when `nil`, the call fails the test.
    public var onDelete: (@Sendable (Video.ID) async throws(ServiceError) -> Void)?
    /// Handles `processingUpdates(id:)`; when `nil`, the call fails the test.
    public var onProcessingUpdates: (@Sendable (Video.ID) -> ServiceObservation<HostedVideo>)?

    /// Creates a double with nothing implemented.
    public init() {}

    /// Calls `onUpload`, or fails the test.
    public func upload(
        _ upload: VideoUpload,
        progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws(ServiceError) -> HostedVideo {
        guard let onUpload else { throw unimplemented("VideoHostingService.upload") }
        return try await onUpload(upload, progress)
    }

    /// Calls `onHostedVideo`, or fails the test.
    public func hostedVideo(id: Video.ID) async throws(ServiceError) -> HostedVideo {
        guard let onHostedVideo else { throw unimplemented("VideoHostingService.hostedVideo") }
        return try await onHostedVideo(id)
    }

    /// Calls `onDelete`, or fails the test.
    public func delete(id: Video.ID) async throws(ServiceError) {
        guard let onDelete else { throw unimplemented("VideoHostingService.delete") }
        try await onDelete(id)
    }

    /// Calls `onProcessingUpdates`, or fails the test (and the observation).
    public func processingUpdates(id: Video.ID) -> ServiceObservation<HostedVideo> {
        guard let onProcessingUpdates else {
            return ServiceObservation(failing: unimplemented("VideoHostingService.processingUpdates"))
        }
        return onProcessingUpdates(id)
    }
}

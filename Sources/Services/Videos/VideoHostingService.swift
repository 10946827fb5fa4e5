// scripts/remove-service deletes this file with the service it is part of: hosting
import Models

/// Uploads video files to a host, reports their processing and deletes them.
///
/// The contract every implementation keeps (checked by `VideoHostingServiceContract`):
/// - `upload(_:progress:)` streams the file (memory stays flat whatever its size), reports
///   progress that never decreases and ends at the file's size, and returns a video in
///   `.processing` with the size and SHA-256 the host recorded.
/// - Processing eventually ends in `.ready` with a playback URL, or `.failed` with a reason.
/// - A missing, unreadable, empty or non-regular file, or an invalid title or file name, gives
///   `.invalidInput` and leaves nothing on the host; so does a cancelled upload (`.cancelled`).
/// - Every method throws only `ServiceError`.
///
/// Implementations are safe to call from any task concurrently.
public protocol VideoHostingService: Sendable {
    /// Uploads `upload.fileURL`, calling `progress` as bytes are accepted.
    ///
    /// `progress` may be called from any thread; it must return quickly.
    /// - Throws: `.invalidInput` (field `"file"`, `"fileName"` or `"title"`), `.cancelled` when the
    ///   task is cancelled mid-upload (the partial upload is removed), `.unavailable` when the host
    ///   is unreachable.
    func upload(
        _ upload: VideoUpload,
        progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws(ServiceError) -> HostedVideo

    /// Returns the hosted video with `id` and its current processing status.
    ///
    /// - Throws: `.notFound` when the host has no such video.
    func hostedVideo(id: Video.ID) async throws(ServiceError) -> HostedVideo

    /// Deletes the video with `id` and its bytes from the host.
    ///
    /// - Throws: `.notFound` when the host has no such video.
    func delete(id: Video.ID) async throws(ServiceError)

    /// Observes a hosted video's processing: its state now, then the state after each change of
    /// status. The observation ends (`next()` returns `nil`) after a final status, `.ready` or
    /// `.failed`; wait on it instead of polling `hostedVideo(id:)`.
    ///
    /// See `ServiceObservation` for the delivery promise. The observation fails with `.notFound`
    /// for an unknown id, or with what the host throws.
    func processingUpdates(id: Video.ID) -> ServiceObservation<HostedVideo>
}

extension ServiceKey where Service == any VideoHostingService {
    /// The video hosting service.
    public static var hosting: Self { Self(.hosting) }
}

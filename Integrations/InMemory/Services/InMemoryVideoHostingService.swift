import Foundation
import Models
import Services

/// A `VideoHostingService` that reads uploads for real (size, SHA-256, progress) but keeps only
/// their metadata in memory, and simulates processing on an injectable clock.
///
/// Get it from `InMemoryIntegration.videoHostingService`. Nothing is registered until the whole
/// file has been read, so a cancelled or failed upload leaves nothing behind. Safe to call
/// concurrently.
public struct InMemoryVideoHostingService: VideoHostingService {
    let store: InMemoryStore
    let elapsed: ElapsedTime
    let processingTime: @Sendable (Int64) -> Duration

    /// Reads and registers the file; see `VideoHostingService.upload(_:progress:)`.
    public func upload(
        _ upload: VideoUpload,
        progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws(ServiceError) -> HostedVideo {
        let (title, _) = try upload.validatedMetadata()
        let size = try FileReader.regularFileSize(at: upload.fileURL)
        var hash = SHA256()
        var sent: Int64 = 0
        let read = try FileReader.readChunks(of: upload.fileURL) { chunk in
            hash.update(chunk)
            sent += Int64(chunk.count)
            progress(UploadProgress(bytesSent: min(sent, size), totalBytes: size))
        }
        guard read == size else {
            throw .invalidInput(field: "file", reason: "\(upload.fileURL.path) changed size while uploading")
        }
        try ServiceError.checkCancellation()
        let video = Video(
            id: Video.ID(store.makeID()),
            ownerID: upload.ownerID,
            title: title,
            status: .processing,
            createdAt: store.now()
        )
        let entry = HostedMediaEntry(
            video: video,
            byteCount: size,
            sha256: hash.finalize(),
            readyAt: elapsed.current + processingTime(size)
        )
        await store.registerHostedMedia(entry)
        return entry.hostedVideo(at: elapsed.current)
    }

    /// Returns the hosted video with its current status; see `VideoHostingService.hostedVideo(id:)`.
    public func hostedVideo(id: Video.ID) async throws(ServiceError) -> HostedVideo {
        try await store.hostedMediaEntry(id: id).hostedVideo(at: elapsed.current)
    }

    /// Forgets the hosted video; see `VideoHostingService.delete(id:)`.
    public func delete(id: Video.ID) async throws(ServiceError) {
        try await store.deleteHostedMedia(id: id)
    }

    /// The number of videos the host holds: 0 after every upload was deleted or cancelled.
    public func storedVideoCount() async -> Int {
        await store.hostedMediaCount
    }
}

// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import IntegrationSupport
import Models
import Services

/// A `VideoHostingService` that reads uploads for real (size, SHA-256, progress) but keeps only
/// their metadata in memory, and simulates processing on an injectable clock.
///
/// Get it from `InMemoryIntegration.videoHostingService`. Nothing is registered until the whole file
/// has been read, so a cancelled or failed upload leaves nothing behind. Safe to call concurrently.
public struct InMemoryVideoHostingService: VideoHostingService {
    let host: InMemoryHost
    let now: @Sendable () -> Date
    let elapsed: ElapsedClock
    let processingTime: @Sendable (Int64) -> Duration
    let runningTime: @Sendable (Int64) -> Duration

    /// Reads and registers the file; see `VideoHostingService.upload(_:progress:)`.
    public func upload(
        _ upload: VideoUpload,
        progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws(ServiceError) -> HostedVideo {
        let (title, _) = try upload.validatedMetadata()
        let size = try UploadFile.validatedSize(of: upload.fileURL)
        var hash = SHA256.fastest()
        var sent: Int64 = 0
        let read = try UploadFile.readChunks(of: upload.fileURL) { chunk in
            hash.update(chunk)
            sent += Int64(chunk.count)
            progress(UploadProgress(bytesSent: min(sent, size), totalBytes: size))
        }
        guard read == size else {
            throw .invalidInput(field: "file", reason: "\(upload.fileURL.path) changed size while uploading")
        }
        try ServiceError.checkCancellation()
        let video = Video(
            id: Video.ID(UUID().uuidString.lowercased()),
            ownerID: upload.ownerID,
            title: title,
            status: .processing,
            createdAt: now()
        )
        let entry = HostedMediaEntry(
            video: video, byteCount: size, sha256: hash.finalize(), readyAt: elapsed.elapsed + processingTime(size),
            runningTime: runningTime(size))
        return await host.register(entry).hostedVideo(at: elapsed.elapsed)
    }

    /// Returns the hosted video with its current status; see `VideoHostingService.hostedVideo(id:)`.
    public func hostedVideo(id: Video.ID) async throws(ServiceError) -> HostedVideo {
        try await host.entry(id: id).hostedVideo(at: elapsed.elapsed)
    }

    /// Forgets the hosted video; see `VideoHostingService.delete(id:)`.
    public func delete(id: Video.ID) async throws(ServiceError) {
        try await host.delete(id: id)
    }

    /// Observes the video's processing; see `VideoHostingService.processingUpdates(id:)`. It wakes
    /// when the host's clock reaches the end of processing.
    public func processingUpdates(id: Video.ID) -> ServiceObservation<HostedVideo> {
        .processing(
            read: { () throws(ServiceError) in try await hostedVideo(id: id) },
            waitForChange: { _ in
                try await elapsed.sleep(untilElapsed: try await host.entry(id: id).readyAt)
            }
        )
    }

    /// Makes processing of every later upload end `.failed` (or succeed again), for previews and
    /// tests of the failure path.
    public func simulateProcessingFailures(_ enabled: Bool) async {
        await host.setProcessingFails(enabled)
    }

    /// The number of videos the host holds: 0 after every upload was deleted or cancelled.
    public func storedVideoCount() async -> Int {
        await host.count
    }
}

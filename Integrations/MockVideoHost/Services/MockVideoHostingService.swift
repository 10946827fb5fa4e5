import Foundation
import IntegrationSupport
import Models
import Services

/// A `VideoHostingService` on the simulated media host SDK: uploads are stored on disk by the
/// host, processed on its clock and mapped back to the app's `Video`.
///
/// Get it from `MockVideoHostIntegration.videoHostingService`; it serves once the integration has
/// started. Video ids are the host's media ids. Every input is validated here, before the host
/// is called, so bad input never reaches its storage. Safe to call concurrently.
public struct MockVideoHostingService: VideoHostingService {
    let client: MediaHostClient

    /// Uploads the file to the host; see `VideoHostingService.upload(_:progress:)`.
    ///
    /// Progress reports the bytes the host has stored, after every chunk, ending at the file's
    /// size. Cancelling the task removes the partial upload and throws `.cancelled`.
    public func upload(
        _ upload: VideoUpload,
        progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws(ServiceError) -> HostedVideo {
        let (title, fileName) = try upload.validatedMetadata()
        let size = try UploadFile.validatedSize(of: upload.fileURL)
        try ServiceError.checkCancellation()
        let request = MediaUploadRequest(
            sourceURL: upload.fileURL,
            fileName: fileName,
            title: title,
            passthrough: MediaPassthrough.values(ownerID: upload.ownerID)
        )
        let media = try await callHost { () throws(MediaHostError) in
            try await client.upload(request) { transfer in
                progress(UploadProgress(bytesSent: min(transfer.bytesTransferred, size), totalBytes: size))
            }
        }
        return try HostedVideo(media)
    }

    /// Returns the hosted video with its current status; see `VideoHostingService.hostedVideo(id:)`.
    public func hostedVideo(id: Video.ID) async throws(ServiceError) -> HostedVideo {
        let media = try await callHost { () throws(MediaHostError) in try await client.media(id: id.rawValue) }
        return try HostedVideo(media)
    }

    /// Observes the video's processing; see `VideoHostingService.processingUpdates(id:)`. Between
    /// reads it waits on the SDK until processing is due to end.
    public func processingUpdates(id: Video.ID) -> ServiceObservation<HostedVideo> {
        .processing(
            read: { () throws(ServiceError) in try await hostedVideo(id: id) },
            waitForChange: { _ in try await client.waitForProcessing(id: id.rawValue) }
        )
    }

    /// Deletes the video and its bytes from the host; see `VideoHostingService.delete(id:)`.
    public func delete(id: Video.ID) async throws(ServiceError) {
        try await callHost { () throws(MediaHostError) in try await client.deleteMedia(id: id.rawValue) }
    }

    /// Makes processing of every later upload end `.failed` (`true`), or restores the configured
    /// failure rate (`false`), through the host's sandbox control: for previews and tests of the
    /// failure path.
    public func simulateProcessingFailures(_ enabled: Bool) async {
        await client.setProcessingFailureRate(enabled ? 1 : client.configuration.processingFailureRate)
    }

    /// Everything the host holds: files in its storage directory (stored media and partial
    /// uploads) plus media in its index. 0 once every upload was deleted or cancelled.
    ///
    /// - Throws: `.unavailable` when the storage directory cannot be listed.
    public func storedItemCount() async throws(ServiceError) -> Int {
        let usage = try await callHost { () throws(MediaHostError) in try await client.usage() }
        return usage.storedFileCount + usage.mediaCount
    }

    /// Runs one SDK call and maps its error to `ServiceError`.
    private func callHost<T>(_ body: () async throws(MediaHostError) -> T) async throws(ServiceError) -> T {
        do {
            return try await body()
        } catch {
            throw ServiceError(error)
        }
    }
}

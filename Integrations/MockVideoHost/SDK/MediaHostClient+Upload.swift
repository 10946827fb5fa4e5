import Foundation
import IntegrationSupport

extension MediaHostClient {
    /// Uploads a local file, returning the media in state `"processing"` with its size and SHA-256.
    ///
    /// The bytes are copied in `configuration.chunkSize` chunks to a partial file in the storage
    /// directory, held under an exclusive lock, synced and renamed into place only when complete;
    /// then the media's record is written durably and the lock released. `progress` is called after
    /// every chunk with a growing byte count that ends at the file's size. When the task is
    /// cancelled, the client is closed or the media deleted mid-upload, the partial file and the
    /// media are removed and the call throws `.cancelled`; any other failure removes them too. A
    /// process killed mid-upload leaves an unlocked partial file that the next `open()` removes.
    /// - Throws: `.invalidFileName`, `.sourceMissing`, `.sourceNotAFile`, `.sourceEmpty`,
    ///   `.sourceUnreadable`, `.sourceChanged`, `.storageUnavailable`, `.cancelled`,
    ///   `.clientClosed`, `.serviceUnavailable`.
    public nonisolated func upload(
        _ request: MediaUploadRequest,
        progress: @escaping @Sendable (TransferProgress) -> Void = { _ in }
    ) async throws(MediaHostError) -> HostedMedia {
        try await serveRequest()
        try request.validateFileName()
        let size = try MediaTransfer.sourceSize(of: request.sourceURL)
        let (mediaID, partial) = try await beginUploadWithPartialFile(request, byteSize: size)
        let transfer = MediaTransfer(source: request.sourceURL, chunkSize: max(configuration.chunkSize, 4_096))
        do {
            let sha256 = try await transfer.run(
                into: partial,
                expectedSize: size,
                digest: configuration.makeDigest(),
                isCancelled: { await self.isUploadCancelled(mediaID) },
                progress: progress
            )
            try storage.commit(mediaID)
            let media = try await finishUpload(mediaID, sha256: sha256)
            withExtendedLifetime(partial) {}
            return media
        } catch {
            try? storage.removeFiles(for: mediaID)
            await abandonUpload(mediaID)
            throw error
        }
    }

    /// Registers the upload and creates its locked partial file, under a fresh id should another
    /// process have taken the one drawn.
    private nonisolated func beginUploadWithPartialFile(
        _ request: MediaUploadRequest,
        byteSize: Int64
    ) async throws(MediaHostError) -> (String, FileLock) {
        for _ in 0..<5 {
            let mediaID = try await beginUpload(request, byteSize: byteSize)
            let partial: FileLock?
            do {
                partial = try storage.createPartial(for: mediaID)
            } catch {
                await abandonUpload(mediaID)
                throw error
            }
            if let partial { return (mediaID, partial) }
            await abandonUpload(mediaID)
        }
        throw .storageUnavailable(path: storage.directory.path, reason: "five fresh media ids were all taken")
    }
}

import Foundation

extension MediaHostClient {
    /// Uploads a local file, returning the media in state `"processing"` with its size and SHA-256.
    ///
    /// The bytes are copied in `configuration.chunkSize` chunks to a partial file in the storage
    /// directory, which is renamed into place only when complete; `progress` is called after every
    /// chunk with a growing byte count that ends at the file's size. When the task is cancelled,
    /// the client is closed or the media deleted mid-upload, the partial file and the media are
    /// removed and the call throws `.cancelled`; any other failure removes them too.
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
        let mediaID = try await beginUpload(request, byteSize: size)
        let transfer = MediaTransfer(
            source: request.sourceURL,
            destination: storage.partialURL(for: mediaID),
            chunkSize: max(configuration.chunkSize, 4_096)
        )
        do {
            let sha256 = try await transfer.run(
                expectedSize: size,
                digest: configuration.makeDigest(),
                isCancelled: { await self.isUploadCancelled(mediaID) },
                progress: progress
            )
            try storage.commit(mediaID)
            return try await finishUpload(mediaID, sha256: sha256)
        } catch {
            try? storage.removeFiles(for: mediaID)
            await abandonUpload(mediaID)
            throw error
        }
    }
}

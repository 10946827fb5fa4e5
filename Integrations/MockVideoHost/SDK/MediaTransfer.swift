import Foundation

/// Copies one source file into the host's storage in fixed-size chunks, so memory use stays near
/// one chunk whatever the file's size, feeding every chunk to a digest as it goes.
struct MediaTransfer {
    /// The file to read.
    let source: URL
    /// The partial file to write; created (or truncated) by `run`.
    let destination: URL
    /// The number of bytes read and written per step.
    let chunkSize: Int

    /// Checks that `url` names a non-empty regular file and returns its size.
    ///
    /// - Throws: `.sourceMissing`, `.sourceNotAFile` or `.sourceEmpty`.
    static func sourceSize(of url: URL) throws(MediaHostError) -> Int64 {
        let path = url.resolvingSymlinksInPath().path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: path)
        } catch {
            throw .sourceMissing(path: url.path)
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw .sourceNotAFile(path: url.path) }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? 0
        guard size > 0 else { throw .sourceEmpty(path: url.path) }
        return size
    }

    /// Copies the source to the destination, reporting progress after every chunk written.
    ///
    /// Stops before the next chunk when the task is cancelled or `isCancelled` says so. The caller
    /// removes the destination when this throws.
    /// - Returns: the SHA-256 of the bytes written, from `digest`.
    /// - Throws: `.cancelled`, `.sourceUnreadable`, `.sourceChanged` when the file no longer has
    ///   `expectedSize` bytes, `.storageUnavailable` when writing fails.
    func run(
        expectedSize: Int64,
        digest: any MediaDigest,
        isCancelled: () async -> Bool,
        progress: (TransferProgress) -> Void
    ) async throws(MediaHostError) -> String {
        let reader: FileHandle
        do {
            reader = try FileHandle(forReadingFrom: source)
        } catch {
            throw .sourceUnreadable(path: source.path, reason: error.localizedDescription)
        }
        defer { try? reader.close() }
        let writer = try openDestination()
        defer { try? writer.close() }
        var digest = digest
        var written: Int64 = 0
        while true {
            if Task.isCancelled { throw .cancelled }
            if await isCancelled() { throw .cancelled }
            let chunk: Data
            do {
                chunk = try reader.read(upToCount: chunkSize) ?? Data()
            } catch {
                throw .sourceUnreadable(path: source.path, reason: error.localizedDescription)
            }
            if chunk.isEmpty { break }
            written += Int64(chunk.count)
            guard written <= expectedSize else { throw .sourceChanged(path: source.path) }
            do {
                try writer.write(contentsOf: chunk)
            } catch {
                throw .storageUnavailable(path: destination.path, reason: error.localizedDescription)
            }
            digest.append(chunk)
            progress(TransferProgress(bytesTransferred: written, totalBytes: expectedSize))
        }
        guard written == expectedSize else { throw .sourceChanged(path: source.path) }
        return digest.hexDigest()
    }

    private func openDestination() throws(MediaHostError) -> FileHandle {
        let created = FileManager.default.createFile(
            atPath: destination.path, contents: nil, attributes: [.posixPermissions: 0o600])
        guard created else {
            throw .storageUnavailable(path: destination.path, reason: "cannot create the upload's file")
        }
        do {
            return try FileHandle(forWritingTo: destination)
        } catch {
            throw .storageUnavailable(path: destination.path, reason: error.localizedDescription)
        }
    }
}

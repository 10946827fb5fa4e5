import Foundation
import IntegrationSupport

/// Copies one source file into the host's storage in fixed-size chunks, so memory use stays near
/// one chunk whatever the file's size, feeding every chunk to a digest as it goes.
struct MediaTransfer {
    /// The file to read.
    let source: URL
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

    /// Copies the source into `destination` (an empty partial file, locked), reporting progress
    /// after every chunk written, and syncs it to disk at the end.
    ///
    /// Stops before the next chunk when the task is cancelled or `isCancelled` says so. The caller
    /// removes the destination when this throws.
    /// - Returns: the SHA-256 of the bytes written, from `digest`.
    /// - Throws: `.cancelled`, `.sourceUnreadable`, `.sourceChanged` when the file no longer has
    ///   `expectedSize` bytes, `.storageUnavailable` when writing fails.
    func run(
        into destination: FileLock,
        expectedSize: Int64,
        digest: any MediaDigest,
        isCancelled: () async -> Bool,
        progress: (TransferProgress) -> Void
    ) async throws(MediaHostError) -> String {
        guard let reader = InputStream(url: source) else {
            throw .sourceUnreadable(path: source.path, reason: "cannot open it for reading")
        }
        reader.open()
        defer { reader.close() }
        if reader.streamStatus == .error {
            throw .sourceUnreadable(
                path: source.path, reason: reader.streamError?.localizedDescription ?? "cannot open it")
        }
        let writer = FileHandle(fileDescriptor: destination.descriptor, closeOnDealloc: false)
        // One buffer for the whole transfer: a single read(2) per chunk, and nothing else grows
        // with the file's size.
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var digest = digest
        var written: Int64 = 0
        while true {
            if Task.isCancelled { throw .cancelled }
            if await isCancelled() { throw .cancelled }
            let count = reader.read(&buffer, maxLength: buffer.count)
            if count < 0 {
                throw .sourceUnreadable(
                    path: source.path, reason: reader.streamError?.localizedDescription ?? "read failed")
            }
            if count == 0 { break }
            written += Int64(count)
            guard written <= expectedSize else { throw .sourceChanged(path: source.path) }
            let chunk = Data(buffer[0..<count])
            do {
                try writer.write(contentsOf: chunk)
            } catch {
                throw .storageUnavailable(path: destination.path, reason: error.localizedDescription)
            }
            digest.append(chunk)
            progress(TransferProgress(bytesTransferred: written, totalBytes: expectedSize))
        }
        guard written == expectedSize else { throw .sourceChanged(path: source.path) }
        do {
            try writer.synchronize()
        } catch {
            throw .storageUnavailable(path: destination.path, reason: error.localizedDescription)
        }
        return digest.hexDigest()
    }
}

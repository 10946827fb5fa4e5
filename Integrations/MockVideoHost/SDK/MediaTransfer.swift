import Foundation
import IntegrationSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Storing and hashing overlap: one task reads and writes each chunk while another feeds the
    /// chunk before it to `digest`, so a two-core machine does both at once (at most `lookahead`
    /// chunks wait between them). A run of the source the file system reports as a hole
    /// (`SEEK_DATA`) is zeros: it is written and hashed from a zero chunk without being read, as
    /// `cp` does. Every `writeBackInterval` bytes the kernel is asked to start writing back what was
    /// written, so the `fsync` at the end has little left.
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
        let reader = open(source.path, O_RDONLY | O_CLOEXEC)
        guard reader >= 0 else {
            throw .sourceUnreadable(path: source.path, reason: String(cString: strerror(errno)))
        }
        defer { close(reader) }
        let channel = ChunkChannel(capacity: Self.lookahead)
        async let hexDigest = Self.hash(channel, into: digest)
        do throws(MediaHostError) {
            try await store(
                from: reader, into: destination, expectedSize: expectedSize, channel: channel,
                isCancelled: isCancelled, progress: progress)
        } catch {
            await channel.finish()
            _ = await hexDigest
            throw error
        }
        await channel.finish()
        return await hexDigest
    }

    /// Chunks that may wait between the writer and the hasher.
    static let lookahead = 4
    /// How much is written before the kernel is asked to start writing it back.
    static let writeBackInterval: Int64 = 32 << 20

    /// Feeds every chunk the channel hands over to `digest`, and returns its hex digest.
    private static func hash(_ channel: ChunkChannel, into digest: any MediaDigest) async -> String {
        var digest = digest
        while let chunk = await channel.next() {
            digest.append(chunk)
        }
        return digest.hexDigest()
    }

    /// Reads (or, in holes, makes) each chunk, writes it, hands it to the hasher, and syncs.
    private func store(
        from reader: Int32,
        into destination: FileLock,
        expectedSize: Int64,
        channel: ChunkChannel,
        isCancelled: () async -> Bool,
        progress: (TransferProgress) -> Void
    ) async throws(MediaHostError) {
        let zeros = Data(count: chunkSize)
        var written: Int64 = 0
        var writtenBack: Int64 = 0
        while written < expectedSize {
            if Task.isCancelled { throw .cancelled }
            if await isCancelled() { throw .cancelled }
            let count = Int(min(Int64(chunkSize), expectedSize - written))
            let chunk =
                try isHole(reader, from: written, count: count)
                ? zeros.prefix(count) : read(reader, at: written, count: count)
            try write(chunk, to: destination)
            written += Int64(count)
            await channel.send(chunk)
            if written - writtenBack >= Self.writeBackInterval {
                startWriteBack(destination, from: writtenBack, count: written - writtenBack)
                writtenBack = written
            }
            progress(TransferProgress(bytesTransferred: written, totalBytes: expectedSize))
        }
        // A source that grew while it was copied is not the file that was asked for.
        var probe: UInt8 = 0
        if pread(reader, &probe, 1, off_t(expectedSize)) > 0 { throw .sourceChanged(path: source.path) }
        try sync(destination)
    }

    /// Whether `count` bytes at `offset` of the source are all in a hole (zeros the file system
    /// stores as nothing). `false` when the file system cannot tell.
    private func isHole(_ reader: Int32, from offset: Int64, count: Int) -> Bool {
        let data = lseek(reader, off_t(offset), seekData)
        if data < 0 { return errno == ENXIO }
        return Int64(data) >= offset + Int64(count)
    }

    private func read(_ reader: Int32, at offset: Int64, count: Int) throws(MediaHostError) -> Data {
        var chunk = Data(count: count)
        var filled = 0
        let failure: String? = chunk.withUnsafeMutableBytes { buffer in
            while filled < count {
                let got = pread(reader, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled))
                if got < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                if got == 0 { return nil }
                filled += got
            }
            return nil
        }
        if let failure { throw .sourceUnreadable(path: source.path, reason: failure) }
        guard filled == count else { throw .sourceChanged(path: source.path) }
        return chunk
    }

    private func write(_ chunk: Data, to destination: FileLock) throws(MediaHostError) {
        let failure: String? = chunk.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let done = systemWrite(destination.descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if done < 0 {
                    if errno == EINTR { continue }
                    return String(cString: strerror(errno))
                }
                offset += done
            }
            return nil
        }
        if let failure { throw .storageUnavailable(path: destination.path, reason: failure) }
    }

    /// Asks the kernel to start writing `count` bytes at `offset` back to disk now, without waiting
    /// (Linux: `POSIX_FADV_DONTNEED` starts the write-back of dirty pages), so the final `fsync`
    /// finds little left. Elsewhere the final `fsync` does all of it.
    private func startWriteBack(_ destination: FileLock, from offset: Int64, count: Int64) {
        #if os(Linux)
            _ = posix_fadvise(destination.descriptor, off_t(offset), off_t(count), POSIX_FADV_DONTNEED)
        #endif
    }

    private func sync(_ destination: FileLock) throws(MediaHostError) {
        guard fsync(destination.descriptor) == 0 else {
            throw .storageUnavailable(path: destination.path, reason: String(cString: strerror(errno)))
        }
    }
}

/// `lseek`'s "next data at or after" whence: 3 on Linux, where Swift's Glibc module leaves this GNU
/// extension out, and `SEEK_DATA` (4) on Apple platforms.
#if os(Linux)
    private let seekData: Int32 = 3
#else
    private let seekData = SEEK_DATA
#endif

/// `write(2)`, named apart from `MediaTransfer.write(_:to:)`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

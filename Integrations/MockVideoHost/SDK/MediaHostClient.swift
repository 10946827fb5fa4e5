import Foundation

/// A client of the media host: uploads files, reports their processing and deletes them.
///
/// Call `open()` once before anything else and `close()` at the end. Every call first waits the
/// configured latency on the configured clock and may be refused with `.serviceUnavailable` when
/// failure injection says so. An actor, safe to call from any task; the bytes of an upload are
/// copied off the actor, in the caller's task, so a long upload never holds up other calls.
public actor MediaHostClient {
    /// The settings the client was made with (the API key is redacted when printed).
    public nonisolated let configuration: MediaHostConfiguration
    nonisolated let storage: MediaStorage
    nonisolated let time: SimulatedTime
    private var random: SplitMix64
    private var records: [String: MediaRecord] = [:]
    private var uploadsInFlight: Set<String> = []
    private var cancelledUploads: Set<String> = []
    private var drainWaiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    /// Creates a closed client; the clock starts now.
    public init(configuration: MediaHostConfiguration) {
        self.configuration = configuration
        storage = MediaStorage(directory: configuration.storageDirectory)
        time = SimulatedTime(clock: configuration.clock)
        random = SplitMix64(seed: configuration.seed)
    }

    /// Checks the API key and prepares the storage directory (creating it when missing).
    ///
    /// - Throws: `.invalidAPIKey`, `.storageBlocked` when a file stands where the directory should
    ///   be, `.storageUnavailable` when it cannot be created or written.
    public func open() throws(MediaHostError) {
        let key = configuration.apiKey
        guard !key.isEmpty, !key.contains(where: \.isWhitespace) else { throw .invalidAPIKey }
        try storage.prepare()
        isOpen = true
    }

    /// Refuses new calls, cancels every upload in progress and returns once their partial files
    /// are removed. Safe to call more than once.
    public func close() async {
        isOpen = false
        cancelledUploads.formUnion(uploadsInFlight)
        while !uploadsInFlight.isEmpty {
            await withCheckedContinuation { drainWaiters.append($0) }
        }
    }

    /// Returns the media with `id` as it is now.
    ///
    /// - Throws: `.mediaNotFound`, `.clientClosed`, `.serviceUnavailable`, `.cancelled`.
    public func media(id: String) async throws(MediaHostError) -> HostedMedia {
        try await serveRequest()
        guard let record = records[id] else { throw .mediaNotFound(mediaID: id) }
        return record.snapshot(at: time.elapsed, deliveryBaseURL: configuration.deliveryBaseURL)
    }

    /// Deletes the media with `id` and its bytes; an upload still in progress is cancelled.
    ///
    /// - Throws: `.mediaNotFound`, `.storageUnavailable` when its file cannot be removed (the
    ///   media is kept), `.clientClosed`, `.serviceUnavailable`, `.cancelled`.
    public func deleteMedia(id: String) async throws(MediaHostError) {
        try await serveRequest()
        guard records[id] != nil else { throw .mediaNotFound(mediaID: id) }
        if uploadsInFlight.contains(id) {
            cancelledUploads.insert(id)
        } else {
            try storage.removeFiles(for: id)
        }
        records[id] = nil
    }

    /// Counts what the host holds: files in its storage directory and media in its index.
    ///
    /// - Throws: `.storageUnavailable` when the directory cannot be listed.
    public func usage() throws(MediaHostError) -> MediaHostUsage {
        MediaHostUsage(storedFileCount: try storage.entryNames().count, mediaCount: records.count)
    }

    // MARK: - Requests

    /// Waits the configured latency, then refuses the call when the client is closed or an injected
    /// failure is drawn.
    func serveRequest() async throws(MediaHostError) {
        guard isOpen else { throw .clientClosed }
        do {
            try await time.sleep(for: configuration.latency)
        } catch {
            throw .cancelled
        }
        guard isOpen else { throw .clientClosed }
        if random.happens(withProbability: configuration.requestFailureRate) {
            throw .serviceUnavailable(retryAfter: .seconds(1))
        }
    }

    // MARK: - Upload bookkeeping

    /// Registers an upload in state `"uploading"` under a fresh media id and returns the id.
    func beginUpload(_ request: MediaUploadRequest, byteSize: Int64) throws(MediaHostError) -> String {
        guard isOpen else { throw .clientClosed }
        let mediaID = makeMediaID()
        let media = HostedMedia(
            mediaID: mediaID,
            title: request.title,
            fileName: request.fileName,
            state: "uploading",
            byteSize: byteSize,
            sha256: "",
            passthrough: request.passthrough,
            createdAt: configuration.wallClock()
        )
        records[mediaID] = MediaRecord(media: media)
        uploadsInFlight.insert(mediaID)
        return mediaID
    }

    /// Whether the upload of `mediaID` was cancelled by `close()` or `deleteMedia(id:)`.
    func isUploadCancelled(_ mediaID: String) -> Bool {
        cancelledUploads.contains(mediaID)
    }

    /// Moves a fully stored upload to `"processing"`, drawing whether its processing will fail.
    ///
    /// - Throws: `.cancelled` when the upload was cancelled after its last chunk.
    func finishUpload(_ mediaID: String, sha256: String) throws(MediaHostError) -> HostedMedia {
        guard !cancelledUploads.contains(mediaID), var record = records[mediaID] else { throw .cancelled }
        record.media.state = "processing"
        record.media.sha256 = sha256
        record.processingEndsAt = time.elapsed + configuration.processingTime(forByteSize: record.media.byteSize)
        record.failsProcessing = random.happens(withProbability: configuration.processingFailureRate)
        records[mediaID] = record
        endUpload(mediaID)
        return record.snapshot(at: time.elapsed, deliveryBaseURL: configuration.deliveryBaseURL)
    }

    /// Forgets an upload that failed or was cancelled; its files are already removed.
    func abandonUpload(_ mediaID: String) {
        records[mediaID] = nil
        endUpload(mediaID)
    }

    private func endUpload(_ mediaID: String) {
        uploadsInFlight.remove(mediaID)
        cancelledUploads.remove(mediaID)
        if uploadsInFlight.isEmpty {
            let waiters = drainWaiters
            drainWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
    }

    private func makeMediaID() -> String {
        while true {
            let hex = String(random.next(), radix: 16)
            let mediaID = "med_" + String(repeating: "0", count: 16 - hex.count) + hex
            if records[mediaID] == nil, !storage.holdsFiles(for: mediaID) { return mediaID }
        }
    }
}

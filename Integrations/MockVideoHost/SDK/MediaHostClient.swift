import Foundation
import IntegrationSupport

/// A client of the media host: uploads files, reports their processing and deletes them.
///
/// Call `open()` once before anything else and `close()` at the end. Every call first waits the
/// configured latency on the configured clock and may be refused with `.serviceUnavailable` when
/// failure injection says so. What the host holds lives in its storage directory (`MediaStorage`),
/// not in the client: a media item uploaded by one process, or before a restart, is served by any
/// client on the same directory, and its processing goes on by the host's wall clock meanwhile.
///
/// An actor, safe to call from any task; the bytes of an upload are copied off the actor, in the
/// caller's task, so a long upload never holds up other calls.
public actor MediaHostClient {
    /// The settings the client was made with (the API key is redacted when printed).
    public nonisolated let configuration: MediaHostConfiguration
    nonisolated let storage: MediaStorage
    nonisolated let time: ElapsedClock
    private var random: SplitMix64
    /// Uploads in progress in this client, by media id: not on disk until their bytes are.
    private var uploads: [String: MediaRecord] = [:]
    private var cancelledUploads: Set<String> = []
    private var drainWaiters: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    private var processingFailureRate: Double

    /// Creates a closed client.
    public init(configuration: MediaHostConfiguration) {
        self.configuration = configuration
        storage = MediaStorage(directory: configuration.storageDirectory, crashSwitch: configuration.crashSwitch)
        time = ElapsedClock(clock: configuration.clock)
        random = SplitMix64(seed: configuration.seed)
        processingFailureRate = configuration.processingFailureRate
    }

    /// Sandbox control: sets the probability (0...1) that processing of later uploads ends
    /// `"errored"`, overriding `configuration.processingFailureRate`. Uploads already made keep
    /// the outcome drawn for them.
    public func setProcessingFailureRate(_ rate: Double) {
        processingFailureRate = rate
    }

    /// Checks the API key and prepares the storage directory (creating it when missing, and
    /// removing what a killed process's uploads left there).
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
        cancelledUploads.formUnion(uploads.keys)
        while !uploads.isEmpty {
            await withCheckedContinuation { drainWaiters.append($0) }
        }
    }

    /// Returns the media with `id` as it is now.
    ///
    /// - Throws: `.mediaNotFound`, `.corruptRecord`, `.clientClosed`, `.serviceUnavailable`, `.cancelled`.
    public func media(id: String) async throws(MediaHostError) -> HostedMedia {
        try await serveRequest()
        return try currentRecord(id).snapshot(
            at: configuration.wallClock(), deliveryBaseURL: configuration.deliveryBaseURL)
    }

    /// Suspends until the processing of `id` is due to end, on the host's clock; returns at once
    /// when it is not processing. The SDK's answer to "tell me when it is ready" (a real vendor
    /// would send a webhook): read `media(id:)` after it returns.
    ///
    /// It is a notification, not a request: no simulated latency or request failure, so replaying
    /// a seed gives the same uploads whoever waits.
    ///
    /// - Throws: `.mediaNotFound` for an unknown id, `.clientClosed`, `.cancelled` when the task is
    ///   cancelled.
    public func waitForProcessing(id: String) async throws(MediaHostError) {
        guard isOpen else { throw .clientClosed }
        guard let end = try currentRecord(id).processingEndsAt else { return }
        // The elapsed time first, then the wall clock: a clock moved between the two readings can
        // only make the wait end early (and the caller reads again), never late.
        let now = time.elapsed
        let remaining = end.timeIntervalSince(configuration.wallClock())
        guard remaining > 0 else { return }
        do {
            try await time.sleep(untilElapsed: now + .milliseconds(Int64((remaining * 1_000).rounded(.up))))
        } catch {
            throw .cancelled
        }
    }

    /// Deletes the media with `id` and its bytes; an upload still in progress is cancelled.
    ///
    /// - Throws: `.mediaNotFound`, `.storageUnavailable` when its files cannot be removed (the
    ///   media is kept), `.clientClosed`, `.serviceUnavailable`, `.cancelled`.
    public func deleteMedia(id: String) async throws(MediaHostError) {
        try await serveRequest()
        if uploads[id] != nil {
            cancelledUploads.insert(id)
            return
        }
        _ = try currentRecord(id)
        try storage.removeFiles(for: id)
    }

    /// Counts what the host holds: files in its storage directory and media it knows.
    ///
    /// - Throws: `.storageUnavailable` when the directory cannot be listed.
    public func usage() throws(MediaHostError) -> MediaHostUsage {
        let names = try storage.entryNames()
        return MediaHostUsage(
            storedFileCount: names.count,
            mediaCount: MediaStorage.recordedMediaIDs(in: names).count + uploads.count
        )
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

    /// The record of `id`: an upload in progress here, or one in storage.
    private func currentRecord(_ id: String) throws(MediaHostError) -> MediaRecord {
        if let upload = uploads[id] { return upload }
        guard MediaStorage.isMediaID(id[...]), let record = try storage.record(for: id) else {
            throw .mediaNotFound(mediaID: id)
        }
        return record
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
        uploads[mediaID] = MediaRecord(media: media)
        return mediaID
    }

    /// Whether the upload of `mediaID` was cancelled by `close()` or `deleteMedia(id:)`.
    func isUploadCancelled(_ mediaID: String) -> Bool {
        cancelledUploads.contains(mediaID)
    }

    /// Moves a fully stored upload to `"processing"`, drawing whether its processing will fail,
    /// and writes its record; the bytes are already in place.
    ///
    /// - Throws: `.cancelled` when the upload was cancelled after its last chunk, or what writing
    ///   the record throws.
    func finishUpload(_ mediaID: String, sha256: String) throws(MediaHostError) -> HostedMedia {
        guard !cancelledUploads.contains(mediaID), var record = uploads[mediaID] else { throw .cancelled }
        let now = configuration.wallClock()
        let processing = configuration.processingTime(forByteSize: record.media.byteSize)
        record.media.state = "processing"
        record.media.sha256 = sha256
        record.processingEndsAt = now.addingTimeInterval(Double(processing.wholeMilliseconds) / 1_000)
        record.failsProcessing = random.happens(withProbability: processingFailureRate)
        try storage.save(record)
        endUpload(mediaID)
        return record.snapshot(at: now, deliveryBaseURL: configuration.deliveryBaseURL)
    }

    /// Forgets an upload that failed or was cancelled; its files are already removed.
    func abandonUpload(_ mediaID: String) {
        endUpload(mediaID)
    }

    private func endUpload(_ mediaID: String) {
        uploads[mediaID] = nil
        cancelledUploads.remove(mediaID)
        if uploads.isEmpty {
            let waiters = drainWaiters
            drainWaiters.removeAll()
            for waiter in waiters { waiter.resume() }
        }
    }

    private func makeMediaID() -> String {
        while true {
            let hex = String(random.next(), radix: 16)
            let mediaID = "med_" + String(repeating: "0", count: 16 - hex.count) + hex
            if uploads[mediaID] == nil, !storage.holdsFiles(for: mediaID) { return mediaID }
        }
    }
}

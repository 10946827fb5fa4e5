// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import IntegrationSupport
import Models
import Services
import TestSupport

/// The mistakes a video host integration can plausibly ship with, for the durability, running
/// time and format checks of the hosting contract.
enum HostFlaw: String, Sendable {
    case none
    /// Answers a delete at once and removes the record afterwards, in the background.
    case acknowledgesDeleteBeforeRemoving
    /// Maps the host's running time to whole seconds.
    case truncatesDuration
    /// Spells the media id `mediaId` in its records, reading back what it wrote.
    case misspelledKey
}

/// A small video host on disk written the plain way, in the mock host's documented record format
/// (`Docs/Formats/mock-video-host-record.json`), with at most one `HostFlaw`: one JSON record per
/// upload, written with `DurableFile` past a `CrashSwitch`; processing ends on a manual clock.
final class PlantedHost: VideoHostingService {
    let directory: URL
    let flaw: HostFlaw
    let crashSwitch: CrashSwitch
    let clock: ManualClock
    /// When the host's clock started, on its wall clock.
    static let epoch = Date(timeIntervalSince1970: 1_700_000_000)

    init(directory: URL, flaw: HostFlaw, clock: ManualClock, crashSwitch: CrashSwitch = CrashSwitch()) {
        self.directory = directory
        self.flaw = flaw
        self.clock = clock
        self.crashSwitch = crashSwitch
    }

    private var now: Date { Self.epoch.addingTimeInterval(Double(clock.now.offset.wholeMilliseconds) / 1_000) }

    func upload(_ upload: VideoUpload, progress: @escaping @Sendable (UploadProgress) -> Void)
        async throws(ServiceError)
        -> HostedVideo
    {
        let (title, fileName) = try upload.validatedMetadata()
        let size = try UploadFile.validatedSize(of: upload.fileURL)
        var hash = SHA256()
        _ = try UploadFile.readChunks(of: upload.fileURL) { hash.update($0) }
        progress(UploadProgress(bytesSent: size, totalBytes: size))
        let id = "med_" + String(UUID().uuidString.lowercased().filter(\.isHexDigit).prefix(16))
        let record = PlantedRecord(
            mediaID: id, title: title, fileName: fileName, byteSize: size, sha256: hash.finalize(),
            owner: upload.ownerID.rawValue, createdAt: now, processingEndsAt: now.addingTimeInterval(3))
        try write(record)
        return try hostedVideo(record)
    }

    func hostedVideo(id: Video.ID) async throws(ServiceError) -> HostedVideo {
        try hostedVideo(try read(id.rawValue))
    }

    func delete(id: Video.ID) async throws(ServiceError) {
        _ = try read(id.rawValue)
        let url = recordURL(id.rawValue)
        let crashSwitch = crashSwitch
        let remove: @Sendable () throws(ServiceError) -> Void = { () throws(ServiceError) in
            try crashSwitch.beforeDurableWrite()
            try? FileManager.default.removeItem(at: url)
        }
        if flaw == .acknowledgesDeleteBeforeRemoving {
            Task { try? remove() }
            return
        }
        try remove()
    }

    func processingUpdates(id: Video.ID) -> ServiceObservation<HostedVideo> {
        ServiceObservation(failing: .unavailable(reason: "the planted host has no processing updates", retryAfter: nil))
    }

    // MARK: - Records

    private func recordURL(_ id: String) -> URL { directory.appendingPathComponent("\(id).json") }

    private func write(_ record: PlantedRecord) throws(ServiceError) {
        try crashSwitch.beforeDurableWrite()
        do {
            try DurableFile.write(try record.encoded(misspelled: flaw == .misspelledKey), to: recordURL(record.mediaID))
        } catch {
            throw .unavailable(reason: "cannot write the record of \(record.mediaID): \(error)", retryAfter: nil)
        }
    }

    private func read(_ id: String) throws(ServiceError) -> PlantedRecord {
        guard let data = FileManager.default.contents(atPath: recordURL(id).path) else {
            throw .notFound(what: "hosted video \(id)")
        }
        do {
            return try PlantedRecord.decoded(data, misspelled: flaw == .misspelledKey)
        } catch {
            throw .corruptData(location: recordURL(id).path, reason: "\(error)")
        }
    }

    private func hostedVideo(_ record: PlantedRecord) throws(ServiceError) -> HostedVideo {
        var status = Video.Status.processing
        var duration: Duration?
        if now >= record.processingEndsAt {
            let url = URL(string: "https://stream.mediahost.example/\(record.mediaID)/manifest.m3u8")!
            status = .ready(playbackURL: url)
            let milliseconds = record.byteSize * 8_000 / 4_000_000
            duration = flaw == .truncatesDuration ? .seconds(milliseconds / 1_000) : .milliseconds(milliseconds)
        }
        let video = Video(
            id: Video.ID(record.mediaID), ownerID: User.ID(record.owner), title: record.title, duration: duration,
            status: status, createdAt: record.createdAt)
        return HostedVideo(video: video, byteCount: record.byteSize, sha256: record.sha256)
    }
}

/// One record, coded by hand in the documented shape.
struct PlantedRecord: Sendable {
    var mediaID: String
    var title: String
    var fileName: String
    var byteSize: Int64
    var sha256: String
    var owner: String
    var createdAt: Date
    var processingEndsAt: Date

    private struct Media: Codable {
        var mediaID: String
        var title: String
        var fileName: String
        var state = "processing"
        var durationSeconds = ""
        var renditions: [String] = []
        var byteSize: Int64
        var sha256: String
        var passthrough: [String: String]
        var createdAt: Date

        /// Set while coding: whether the media id is spelled `mediaId`.
        @TaskLocal static var misspelled = false

        private struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(_ name: String) { stringValue = name }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(
            mediaID: String, title: String, fileName: String, byteSize: Int64, sha256: String,
            passthrough: [String: String], createdAt: Date
        ) {
            (self.mediaID, self.title, self.fileName) = (mediaID, title, fileName)
            (self.byteSize, self.sha256, self.passthrough, self.createdAt) = (byteSize, sha256, passthrough, createdAt)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Key.self)
            mediaID = try container.decode(String.self, forKey: Key(Self.misspelled ? "mediaId" : "mediaID"))
            title = try container.decode(String.self, forKey: Key("title"))
            fileName = try container.decode(String.self, forKey: Key("fileName"))
            state = try container.decode(String.self, forKey: Key("state"))
            durationSeconds = try container.decode(String.self, forKey: Key("durationSeconds"))
            byteSize = try container.decode(Int64.self, forKey: Key("byteSize"))
            sha256 = try container.decode(String.self, forKey: Key("sha256"))
            passthrough = try container.decode([String: String].self, forKey: Key("passthrough"))
            createdAt = try container.decode(Date.self, forKey: Key("createdAt"))
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(mediaID, forKey: Key(Self.misspelled ? "mediaId" : "mediaID"))
            try container.encode(title, forKey: Key("title"))
            try container.encode(fileName, forKey: Key("fileName"))
            try container.encode(state, forKey: Key("state"))
            try container.encode(durationSeconds, forKey: Key("durationSeconds"))
            try container.encode(renditions, forKey: Key("renditions"))
            try container.encode(byteSize, forKey: Key("byteSize"))
            try container.encode(sha256, forKey: Key("sha256"))
            try container.encode(passthrough, forKey: Key("passthrough"))
            try container.encode(createdAt, forKey: Key("createdAt"))
        }
    }

    private struct Record: Codable {
        var formatVersion = 1
        var media: Media
        var processingEndsAt: Date
        var failsProcessing = false

        enum CodingKeys: String, CodingKey {
            case media
            case formatVersion = "format_version"
            case processingEndsAt = "processing_ends_at"
            case failsProcessing = "fails_processing"
        }
    }

    func encoded(misspelled: Bool) throws -> Data {
        let encoder = JSONCoding.encoder(prettyPrinted: true)
        let media = Media(
            mediaID: mediaID, title: title, fileName: fileName, byteSize: byteSize, sha256: sha256,
            passthrough: ["silo.owner_id": owner], createdAt: createdAt)
        return try Media.$misspelled.withValue(misspelled) {
            try encoder.encode(Record(media: media, processingEndsAt: processingEndsAt))
        }
    }

    static func decoded(_ data: Data, misspelled: Bool) throws -> PlantedRecord {
        let decoder = JSONCoding.decoder()
        let record = try Media.$misspelled.withValue(misspelled) { try decoder.decode(Record.self, from: data) }
        struct NoOwner: Error {}
        guard let owner = record.media.passthrough["silo.owner_id"] else { throw NoOwner() }
        return PlantedRecord(
            mediaID: record.media.mediaID, title: record.media.title, fileName: record.media.fileName,
            byteSize: record.media.byteSize, sha256: record.media.sha256, owner: owner,
            createdAt: record.media.createdAt, processingEndsAt: record.processingEndsAt)
    }
}

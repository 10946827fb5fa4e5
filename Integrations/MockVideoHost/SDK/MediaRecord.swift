import Foundation

/// What the host remembers of one media item, and how it looks at a given time.
///
/// Processing is not a background job: the record knows when it finishes, on the host's wall
/// clock, and every read describes the media as it is at that clock's current time. So a media item
/// is `"processing"` until `processingEndsAt` and then `"ready"` (or `"errored"`) for good, and
/// processing goes on while no client is running: a restarted host finds it finished on time.
///
/// Stored as one JSON file per media item in the host's own shape (`MediaStorage`).
struct MediaRecord: Sendable, Codable {
    /// The version of the stored shape; a newer one is refused, never rewritten.
    static let formatVersion = 1
    /// A nominal bitrate used to derive a plausible running time from the byte size.
    static let nominalBitsPerSecond: Int64 = 4_000_000

    /// The media as stored at upload: state `"uploading"` or `"processing"`.
    var media: HostedMedia
    /// When processing finishes on the host's wall clock; `nil` while uploading.
    var processingEndsAt: Date?
    /// Whether processing ends `"errored"` instead of `"ready"` (decided at upload).
    var failsProcessing = false

    init(media: HostedMedia, processingEndsAt: Date? = nil, failsProcessing: Bool = false) {
        self.media = media
        self.processingEndsAt = processingEndsAt
        self.failsProcessing = failsProcessing
    }

    private enum CodingKeys: String, CodingKey {
        case formatVersion = "format_version"
        case media
        case processingEndsAt = "processing_ends_at"
        case failsProcessing = "fails_processing"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .formatVersion)
        guard version == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .formatVersion, in: container,
                debugDescription: "format version \(version) is not \(Self.formatVersion)")
        }
        media = try container.decode(HostedMedia.self, forKey: .media)
        // Every read derives the running time from it: a negative one is damage, said as such.
        guard media.byteSize >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .media, in: container, debugDescription: "its byte size \(media.byteSize) is negative")
        }
        processingEndsAt = try container.decodeIfPresent(Date.self, forKey: .processingEndsAt)
        failsProcessing = try container.decode(Bool.self, forKey: .failsProcessing)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .formatVersion)
        try container.encode(media, forKey: .media)
        try container.encodeIfPresent(processingEndsAt, forKey: .processingEndsAt)
        try container.encode(failsProcessing, forKey: .failsProcessing)
    }

    /// The media as the host reports it at `now` on its wall clock.
    func snapshot(at now: Date, deliveryBaseURL: URL) -> HostedMedia {
        guard let endsAt = processingEndsAt, now >= endsAt else { return media }
        var media = media
        if failsProcessing {
            media.state = "errored"
            media.errorMessage = "transcoding failed: the source could not be decoded (simulated)"
            return media
        }
        let base = deliveryBaseURL.appendingPathComponent(media.mediaID, isDirectory: true)
        media.state = "ready"
        media.durationSeconds = Self.durationString(forByteSize: media.byteSize)
        media.playbackURL = base.appendingPathComponent("manifest.m3u8", isDirectory: false)
        media.thumbnailURL = base.appendingPathComponent("thumbnail.jpg", isDirectory: false)
        media.renditions = [(1920, 1080, 5_000), (1280, 720, 2_800), (854, 480, 1_400)].map { width, height, kbps in
            Rendition(
                name: "\(height)p",
                width: width,
                height: height,
                bitrateKbps: kbps,
                url: base.appendingPathComponent("\(height)p.m3u8", isDirectory: false)
            )
        }
        return media
    }

    /// The running time of `byteSize` bytes at the nominal bitrate, as `"<seconds>.<millis>"`
    /// (`"0.000"` for a size below zero, which a decoded record never has).
    static func durationString(forByteSize byteSize: Int64) -> String {
        let (bits, overflow) = max(0, byteSize).multipliedReportingOverflow(by: 8_000)
        let milliseconds = overflow ? Int64.max / 1_000 : bits / nominalBitsPerSecond
        let fraction = String(milliseconds % 1_000)
        return "\(milliseconds / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

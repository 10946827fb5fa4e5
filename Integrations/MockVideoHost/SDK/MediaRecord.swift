import Foundation

/// What the host's index remembers of one media item, and how it looks at a given time.
///
/// Processing is not a background job: the record knows when it finishes, and every read
/// describes the media as it is at the clock's current time. So a media item is `"processing"`
/// until `processingEndsAt` and then `"ready"` (or `"errored"`) for good.
struct MediaRecord: Sendable {
    /// A nominal bitrate used to derive a plausible running time from the byte size.
    static let nominalBitsPerSecond: Int64 = 4_000_000

    /// The media as stored at upload: state `"uploading"` or `"processing"`.
    var media: HostedMedia
    /// When processing finishes, as time elapsed on the host's clock; `nil` while uploading.
    var processingEndsAt: Duration?
    /// Whether processing ends `"errored"` instead of `"ready"` (decided at upload).
    var failsProcessing = false

    /// The media as the host reports it `elapsed` after the client was made.
    func snapshot(at elapsed: Duration, deliveryBaseURL: URL) -> HostedMedia {
        guard let endsAt = processingEndsAt, elapsed >= endsAt else { return media }
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

    /// The running time of `byteSize` bytes at the nominal bitrate, as `"<seconds>.<millis>"`.
    static func durationString(forByteSize byteSize: Int64) -> String {
        let (bits, overflow) = byteSize.multipliedReportingOverflow(by: 8_000)
        let milliseconds = overflow ? Int64.max / 1_000 : bits / nominalBitsPerSecond
        let fraction = String(milliseconds % 1_000)
        return "\(milliseconds / 1_000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}

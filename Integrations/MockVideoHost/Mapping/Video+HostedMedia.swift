import Foundation
import Models
import Services

extension Video {
    /// Builds the app's video from the host's description of it.
    ///
    /// | `HostedMedia`              | `Video`                                               |
    /// |----------------------------|-------------------------------------------------------|
    /// | `mediaID`                  | `id`                                                  |
    /// | (passthrough owner id)     | `ownerID` (given by the caller)                       |
    /// | `title`                    | `title`                                               |
    /// | `durationSeconds` `"12.5"` | `duration` `.milliseconds(12_500)`, `nil` when empty  |
    /// | `state` + `playbackURL`    | `status` (see `Video.Status.init(_:)`)                |
    /// | `createdAt`                | `createdAt`                                           |
    ///
    /// - Throws: `.corruptData` naming the media when its id is empty, its duration is not a
    ///   non-negative decimal number of seconds, or its state cannot be mapped.
    public init(_ media: HostedMedia, ownerID: User.ID) throws(ServiceError) {
        guard !media.mediaID.isEmpty else {
            throw .corruptData(location: "hosted media", reason: "the host returned an empty media id")
        }
        self.init(
            id: Video.ID(media.mediaID),
            ownerID: ownerID,
            title: media.title,
            duration: try Self.duration(fromSeconds: media.durationSeconds, mediaID: media.mediaID),
            status: try Video.Status(media),
            createdAt: media.createdAt
        )
    }

    /// Parses the host's decimal seconds string (`"90"`, `"12.345"`) into a duration.
    private static func duration(fromSeconds text: String, mediaID: String) throws(ServiceError) -> Duration? {
        if text.isEmpty { return nil }
        let isDecimal =
            text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
            && text.filter { $0 == "." }.count <= 1 && text.first != "." && text.last != "."
        // A billion seconds (31 years) is far beyond any video; larger values are garbage.
        guard isDecimal, let seconds = Double(text), seconds.isFinite, seconds <= 1_000_000_000 else {
            throw .corruptData(
                location: "hosted media \(mediaID)", reason: "duration \(text.debugDescription) is not seconds")
        }
        return .seconds(seconds)
    }
}

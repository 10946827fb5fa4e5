// scripts/remove-service deletes this file with the service it is part of: library
import Foundation
import Models
import Services

extension Video {
    /// Creates the app's video from a stored row.
    ///
    /// - Throws: `.corruptData` naming the row when the status is unknown or its payload column is
    ///   missing or unreadable.
    init(_ record: VideoRecord) throws(ServiceError) {
        let location = "videos row \(record.id)"
        let status: Video.Status
        switch VideoRecord.Status(rawValue: record.status) {
        case .processing:
            status = .processing
        case .ready:
            guard let text = record.playbackURL, let url = URL(string: text) else {
                throw .corruptData(location: location, reason: "ready video without a readable playback URL")
            }
            status = .ready(playbackURL: url)
        case .failed:
            guard let reason = record.failureReason else {
                throw .corruptData(location: location, reason: "failed video without a reason")
            }
            status = .failed(reason: reason)
        case nil:
            throw .corruptData(location: location, reason: "unknown status \(record.status.debugDescription)")
        }
        self.init(
            id: Video.ID(record.id),
            ownerID: User.ID(record.ownerID),
            title: record.title,
            duration: record.durationMilliseconds.map { Duration.milliseconds($0) },
            status: status,
            createdAt: Date(millisecondsSince1970: record.createdAt)
        )
    }
}

extension VideoRecord {
    /// Creates the row that stores `video`.
    init(_ video: Video) {
        let status: Status
        var playbackURL: String?
        var failureReason: String?
        switch video.status {
        case .processing:
            status = .processing
        case .ready(let url):
            status = .ready
            playbackURL = url.absoluteString
        case .failed(let reason):
            status = .failed
            failureReason = reason
        }
        self.init(
            id: video.id.rawValue,
            ownerID: video.ownerID.rawValue,
            title: video.title,
            durationMilliseconds: video.duration?.wholeMilliseconds,
            status: status,
            playbackURL: playbackURL,
            failureReason: failureReason,
            createdAt: video.createdAt.millisecondsSince1970
        )
    }
}

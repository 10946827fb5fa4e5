import Foundation
import Models
import Services

extension Video {
    /// Creates the app's video from the file's entry.
    ///
    /// - Throws: `.corruptData` at `location` when a ready video's playback URL is not a URL, or
    ///   the video breaks a rule of `VideoRules` (its title as the rules leave it included).
    init(_ entry: VideoEntry, location: String) throws(ServiceError) {
        let status: Video.Status
        switch entry.status {
        case .processing:
            status = .processing
        case .ready(let text):
            guard let url = URL(string: text) else {
                throw .corruptData(location: location, reason: "playback_url \(text.debugDescription) is not a URL")
            }
            status = .ready(playbackURL: url)
        case .failed(let reason):
            status = .failed(reason: reason)
        }
        let video = Video(
            id: Video.ID(entry.id),
            ownerID: User.ID(entry.ownerID),
            title: entry.title,
            duration: entry.durationMilliseconds.map { Duration.milliseconds($0) },
            status: status,
            createdAt: entry.createdAt
        )
        do throws(ValidationError) {
            let valid = try VideoRules.validated(video)
            guard valid == video else {
                throw ValidationError(field: "title", reason: "is not trimmed as every stored title is")
            }
        } catch {
            throw .corruptData(location: location, reason: error.description)
        }
        self = video
    }
}

extension VideoEntry {
    /// The entry that stores `video`.
    init(_ video: Video) {
        let status: Status
        switch video.status {
        case .processing: status = .processing
        case .ready(let url): status = .ready(playbackURL: url.absoluteString)
        case .failed(let reason): status = .failed(reason: reason)
        }
        self.init(
            id: video.id.rawValue,
            ownerID: video.ownerID.rawValue,
            title: video.title,
            durationMilliseconds: video.duration?.wholeMilliseconds,
            status: status,
            createdAt: video.createdAt
        )
    }
}

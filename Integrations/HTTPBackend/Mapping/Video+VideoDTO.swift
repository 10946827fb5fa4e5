import Foundation
import Models
import Services

extension Video {
    /// The app's video from the API's.
    ///
    /// - Throws: `.corruptData` for an unknown state or a ready video without a valid URL.
    init(_ dto: VideoDTO) throws(ServiceError) {
        let location = "video \(dto.id) from the backend"
        let status: Video.Status
        switch (dto.status.state, dto.status.playbackURL, dto.status.reason) {
        case ("processing", _, _): status = .processing
        case ("ready", let text?, _):
            guard let url = URL(string: text) else {
                throw .corruptData(
                    location: location, reason: "status.playback_url \(text.debugDescription) is not a URL")
            }
            status = .ready(playbackURL: url)
        case ("failed", _, let reason?): status = .failed(reason: reason)
        default:
            throw .corruptData(
                location: location, reason: "status.state \(dto.status.state.debugDescription) is not known")
        }
        self.init(
            id: Video.ID(dto.id), ownerID: User.ID(dto.ownerID), title: dto.title,
            duration: dto.durationMilliseconds.map { .milliseconds($0) }, status: status, createdAt: dto.createdAt)
    }
}

extension VideoDTO {
    /// The API's video for the app's.
    init(_ video: Video) {
        let status: Status
        switch video.status {
        case .processing: status = Status(state: "processing")
        case .ready(let url): status = Status(state: "ready", playbackURL: url.absoluteString)
        case .failed(let reason): status = Status(state: "failed", reason: reason)
        }
        self.init(
            id: video.id.rawValue, ownerID: video.ownerID.rawValue, title: video.title,
            durationMilliseconds: video.duration?.wholeMilliseconds, status: status, createdAt: video.createdAt)
    }
}

import Foundation
import Models

/// A saved video on the wire: the duration in whole milliseconds, the status a tagged object.
struct WireVideo: Codable, Sendable {
    /// `{"state": "processing"}`, `{"state": "ready", "playback_url": ...}`, `{"state": "failed", "reason": ...}`.
    struct Status: Codable, Sendable {
        var state: String
        var playbackURL: String?
        var reason: String?

        enum CodingKeys: String, CodingKey {
            case state, reason
            case playbackURL = "playback_url"
        }
    }

    /// The video's id; optional in a `PUT` body (the path names the video), and when present it
    /// must be the path's.
    var id: String?
    var ownerID: String
    var title: String
    var durationMilliseconds: Int64?
    var status: Status
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, title, status
        case ownerID = "owner_id"
        case durationMilliseconds = "duration_ms"
        case createdAt = "created_at"
    }

    init(_ video: Video) {
        id = video.id.rawValue
        ownerID = video.ownerID.rawValue
        title = video.title
        durationMilliseconds = video.duration?.wholeMilliseconds
        createdAt = video.createdAt
        switch video.status {
        case .processing: status = Status(state: "processing")
        case .ready(let url): status = Status(state: "ready", playbackURL: url.absoluteString)
        case .failed(let reason): status = Status(state: "failed", reason: reason)
        }
    }

    /// The app's video this body describes, under `id` from the path.
    ///
    /// - Throws: `APIFailure` 422 naming `status.state` or `status.playback_url` when they are wrong.
    func video(id: Video.ID) throws(APIFailure) -> Video {
        if let bodyID = self.id, bodyID != id.rawValue {
            throw APIFailure(
                422, .invalidInput, "id \(bodyID.debugDescription) is not the path's video id", field: "id")
        }
        let appStatus: Video.Status
        switch (status.state, status.playbackURL, status.reason) {
        case ("processing", _, _): appStatus = .processing
        case ("ready", let text?, _):
            // Kept exactly as sent: a URL that Foundation would have to percent-encode is refused.
            guard let url = URL(string: text), url.scheme != nil, url.absoluteString == text else {
                throw APIFailure(
                    422, .invalidInput, "status.playback_url is not an absolute URL", field: "status.playback_url")
            }
            appStatus = .ready(playbackURL: url)
        case ("failed", _, let reason?): appStatus = .failed(reason: reason)
        default:
            throw APIFailure(
                422, .invalidInput,
                "status.state must be processing, ready (with playback_url) or failed (with reason)",
                field: "status.state")
        }
        return Video(
            id: id, ownerID: User.ID(ownerID), title: title, duration: durationMilliseconds.map { .milliseconds($0) },
            status: appStatus, createdAt: createdAt)
    }
}

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

    /// Decodes a body; `duration_ms` must be a whole number of milliseconds that fits in 64 bits,
    /// else the failure names it (the decoder would call `1.5` or `2^63` "not valid JSON").
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(String.self, forKey: .id)
        ownerID = try container.decode(String.self, forKey: .ownerID)
        title = try container.decode(String.self, forKey: .title)
        status = try container.decode(Status.self, forKey: .status)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        if let number = try container.decodeIfPresent(Double.self, forKey: .durationMilliseconds) {
            guard number.rounded() == number, number >= -9.2e18, number <= 9.2e18 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .durationMilliseconds, in: container,
                    debugDescription: "expected a whole number of milliseconds, got \(number)")
            }
            durationMilliseconds = Int64(number)
        } else {
            durationMilliseconds = nil
        }
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

import Foundation
import Models

extension Video {
    /// The app's video from the API's, under `id` (the path's, on the server) or the body's own.
    ///
    /// - Throws: a violation of `id` when there is neither; of `status.state` for an unknown state
    ///   or a missing `playback_url` or `reason`; of `status.playback_url` when it is not an
    ///   absolute URL kept exactly as sent (one Foundation would have to percent-encode is refused).
    public init(_ schema: Schemas.Video, id: Video.ID? = nil) throws(SchemaViolation) {
        guard let id = id ?? schema.id.map({ Video.ID($0) }) else {
            throw SchemaViolation(subject: "a video", field: "id", reason: "is required")
        }
        if let bodyID = schema.id, bodyID != id.rawValue {
            throw SchemaViolation(
                subject: "video \(id)", field: "id", reason: "\(bodyID.debugDescription) is not the path's video id")
        }
        self.init(
            id: id, ownerID: User.ID(schema.ownerID), title: schema.title,
            duration: schema.durationMilliseconds.map { .milliseconds($0) },
            status: try Video.Status(schema.status, of: "video \(id)"),
            createdAt: schema.createdAt)
    }
}

extension Video.Status {
    /// The app's status from the API's tagged object.
    ///
    /// - Throws: a violation of `status.state` or `status.playback_url`.
    init(_ schema: Schemas.Video.Status, of subject: String) throws(SchemaViolation) {
        switch (schema.state, schema.playbackURL, schema.reason) {
        case ("processing", _, _): self = .processing
        case ("ready", let text?, _):
            guard let url = URL(string: text), url.scheme != nil, url.absoluteString == text else {
                throw SchemaViolation(
                    subject: subject, field: "status.playback_url",
                    reason: "\(text.debugDescription) is not an absolute URL")
            }
            self = .ready(playbackURL: url)
        case ("failed", _, let reason?): self = .failed(reason: reason)
        default:
            throw SchemaViolation(
                subject: subject, field: "status.state",
                reason:
                    "\(schema.state.debugDescription) must be processing, ready (with playback_url) or failed (with reason)"
            )
        }
    }
}

extension Schemas.Video {
    /// The API's video for the app's.
    public init(_ video: Video) {
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

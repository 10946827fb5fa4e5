import Models
import Services

extension Video.Status {
    /// Maps the host's state string to the app's status.
    ///
    /// `"uploading"` and `"processing"` are `.processing`; `"ready"` is `.ready` with the media's
    /// playback URL; `"errored"` is `.failed` with the host's error message.
    /// - Throws: `.corruptData` for an unknown state, or `"ready"` without a playback URL.
    public init(_ media: HostedMedia) throws(ServiceError) {
        guard let state = MediaState(rawValue: media.state) else {
            throw .corruptData(
                location: "hosted media \(media.mediaID)", reason: "unknown state \(media.state.debugDescription)")
        }
        switch state {
        case .uploading, .processing:
            self = .processing
        case .ready:
            guard let url = media.playbackURL else {
                throw .corruptData(location: "hosted media \(media.mediaID)", reason: "ready without a playback URL")
            }
            self = .ready(playbackURL: url)
        case .errored:
            self = .failed(reason: media.errorMessage ?? "the host could not process the video")
        }
    }
}

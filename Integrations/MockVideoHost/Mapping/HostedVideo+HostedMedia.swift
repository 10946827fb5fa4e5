import Models
import Services

extension HostedVideo {
    /// Builds the hosted video from the host's media: the app's `Video`, owned by the user recorded
    /// in the media's passthrough, plus the stored size and SHA-256.
    ///
    /// - Throws: `.corruptData` when the media has no owner in its passthrough or cannot be mapped
    ///   to a `Video`.
    init(_ media: HostedMedia) throws(ServiceError) {
        guard let owner = media.passthrough[MediaPassthrough.ownerIDKey], !owner.isEmpty else {
            throw .corruptData(location: "hosted media \(media.mediaID)", reason: "no owner in its passthrough")
        }
        self.init(
            video: try Video(media, ownerID: User.ID(owner)),
            byteCount: media.byteSize,
            sha256: media.sha256
        )
    }
}

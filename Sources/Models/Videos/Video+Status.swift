import Foundation

extension Video {
    /// Where a video is in the host's processing pipeline.
    public enum Status: Hashable, Sendable, Codable {
        /// The host accepted the upload and is transcoding it; not playable yet.
        case processing
        /// The video can be played from `playbackURL`.
        case ready(playbackURL: URL)
        /// Processing failed; `reason` is the host's explanation, shown to the user as is.
        case failed(reason: String)

        /// Whether the host has finished with the video, successfully or not.
        public var isFinal: Bool {
            if case .processing = self { false } else { true }
        }

        /// The playback URL when the video is ready, otherwise `nil`.
        public var playbackURL: URL? {
            if case .ready(let url) = self { url } else { nil }
        }
    }
}

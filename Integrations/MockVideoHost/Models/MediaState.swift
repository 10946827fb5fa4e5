/// The host's `HostedMedia.state` strings as a closed set the integration can switch over.
///
/// A string the integration does not know is corrupt data, never a guess.
enum MediaState: String, CaseIterable, Sendable {
    /// Bytes are still arriving.
    case uploading
    /// Stored and being transcoded.
    case processing
    /// Playable.
    case ready
    /// Processing failed for good.
    case errored
}

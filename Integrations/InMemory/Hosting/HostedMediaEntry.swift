// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import Models
import Services

/// What the in-memory host remembers of an upload: metadata only, never the bytes.
struct HostedMediaEntry: Sendable {
    /// The video as uploaded, in `.processing`.
    var video: Video
    var byteCount: Int64
    var sha256: String
    /// When processing finishes, as time elapsed on the host's clock.
    var readyAt: Duration
    /// Why processing fails, decided at upload; `nil` when it succeeds.
    var failureReason: String?
    /// The running time reported once processing has succeeded.
    var runningTime: Duration

    /// The hosted video as the host reports it `elapsed` after its clock started.
    func hostedVideo(at elapsed: Duration) -> HostedVideo {
        var video = video
        if elapsed >= readyAt, let failureReason {
            video.status = .failed(reason: failureReason)
        } else if elapsed >= readyAt {
            let url = URL(string: "inmemory://videos/\(video.id.rawValue)/playlist.m3u8")
            video.status = url.map { .ready(playbackURL: $0) } ?? .failed(reason: "no playback URL")
            video.duration = runningTime
        }
        return HostedVideo(video: video, byteCount: byteCount, sha256: sha256)
    }
}

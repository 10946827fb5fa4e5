import Models
import Services

/// Polls the host until a video's processing ends, mirroring each new status into the library.
///
/// The polling half of `UploadVideo`, kept apart so the clock generics stay out of the command.
struct VideoProcessingWatch: Sendable {
    let hosting: any VideoHostingService
    let library: any VideoLibraryService
    let pollInterval: Duration
    let timeout: Duration

    /// Returns the video once its status is final, as saved to the library.
    ///
    /// Polls right away, then every `pollInterval` on `clock`; the last sleep is cut short at the
    /// deadline so a timeout is reported exactly `timeout` after the start.
    /// - Throws: `.timedOut` at the deadline, `.cancelled` when the task is cancelled, or what a
    ///   service throws.
    func waitUntilFinal<C: Clock>(_ video: Video, clock: C) async throws(ServiceError) -> Video
    where C.Duration == Duration {
        let deadline = clock.now.advanced(by: timeout)
        var current = video
        while true {
            let hosted = try await hosting.hostedVideo(id: current.id)
            if hosted.video.status != current.status {
                current.status = hosted.video.status
                current.duration = hosted.video.duration ?? current.duration
                current = try await library.save(current)
            }
            if current.status.isFinal { return current }
            let now = clock.now
            guard now < deadline else {
                throw .timedOut(operation: "processing of video \(current.id)")
            }
            let wake = min(now.advanced(by: pollInterval), deadline)
            do {
                try await clock.sleep(until: wake, tolerance: nil)
            } catch {
                throw .cancelled
            }
        }
    }
}

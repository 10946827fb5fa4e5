// scripts/remove-service deletes this file with the service it is part of: hosting
import Models
import Services

/// Follows a video's processing on the host until its status is final, mirroring each new status
/// into the library.
///
/// The waiting half of `UploadVideo`, kept apart so the clock generics stay out of the command. It
/// waits on the host's `processingUpdates(id:)` (no polling) and races it against the deadline.
struct VideoProcessingWatch: Sendable {
    let hosting: any VideoHostingService
    let library: any VideoLibraryService
    let timeout: Duration

    /// How the wait ended.
    private enum Outcome: Sendable {
        case final(Video)
        case failed(ServiceError)
        case timedOut
    }

    /// Returns the video once its status is final, as saved to the library.
    ///
    /// - Throws: `.timedOut` `timeout` after the start on `clock`, `.cancelled` when the task is
    ///   cancelled, `.unavailable` when the host's updates end before a final status, or what a
    ///   service throws.
    func waitUntilFinal<C: Clock>(_ video: Video, clock: C) async throws(ServiceError) -> Video
    where C.Duration == Duration {
        let deadline = clock.now.advanced(by: timeout)
        let outcome = await withTaskGroup(of: Outcome?.self) { group in
            group.addTask { await follow(video) }
            group.addTask {
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                    return .timedOut
                } catch {
                    return nil
                }
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        try ServiceError.checkCancellation()
        switch outcome {
        case .final(let video): return video
        case .failed(let error): throw error
        case .timedOut: throw .timedOut(operation: "processing of video \(video.id)")
        case nil: throw .cancelled
        }
    }

    /// Saves each new status the host reports until a final one.
    private func follow(_ video: Video) async -> Outcome? {
        var current = video
        var updates = hosting.processingUpdates(id: video.id).makeAsyncIterator()
        do throws(ServiceError) {
            while let hosted = try await updates.next() {
                if let updated = current.adoptingHostStatus(of: hosted.video) {
                    current = try await library.save(updated)
                }
                if current.status.isFinal { return .final(current) }
            }
        } catch {
            return .failed(error)
        }
        if Task.isCancelled { return nil }
        return .failed(
            .unavailable(
                reason: "the video host stopped reporting on video \(video.id) before it was ready", retryAfter: nil))
    }
}

// scripts/remove-service deletes this file with the service it is part of: hosting
import Models
import Services

extension ServiceObservation where Value == HostedVideo {
    /// Observes a hosted video's processing: reads it now, delivers it, and then, until its status
    /// is final, waits for `waitForChange` (the moment the host says processing may have ended)
    /// and reads it again, delivering each change of status.
    ///
    /// A failed read fails the observation. A `waitForChange` that throws ends it when the consumer
    /// has gone (cancellation); any other failure of the wait leads to a read, which reports a
    /// real failure itself.
    public static func processing(
        read: @escaping @Sendable () async throws(ServiceError) -> HostedVideo,
        waitForChange: @escaping @Sendable (HostedVideo) async throws -> Void
    ) -> ServiceObservation {
        ServiceObservation { continuation in
            var last: Video.Status?
            do throws(ServiceError) {
                while !Task.isCancelled {
                    let hosted = try await read()
                    if hosted.video.status != last {
                        continuation.yield(hosted)
                        last = hosted.video.status
                    }
                    if hosted.video.status.isFinal { return }
                    do {
                        try await waitForChange(hosted)
                    } catch {
                        if Task.isCancelled { return }
                    }
                }
            } catch {
                continuation.fail(error)
            }
        }
    }
}

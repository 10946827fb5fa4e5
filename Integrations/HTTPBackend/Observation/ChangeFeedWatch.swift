import HTTPSupport
import IntegrationSupport

/// Watches the backend's change feed while anyone observes: asks `GET /v1/changes` every
/// `interval` with the last `ETag`, and wakes the observers when the revision moved (and once after the first poll).
///
/// An idle poll is one 304 without a body. A failed poll (the backend is down) is tried again at
/// the next interval; observations keep their last value meanwhile.
enum ChangeFeedWatch {
    /// Installs the watch on `signal`, waiting `interval` on `time` between polls.
    static func install(on signal: ChangeSignal, client: HTTPClient, interval: Duration, time: ElapsedClock) {
        signal.watch { signal in
            var etag: String?
            while !Task.isCancelled {
                if let answer = try? await client.perform(Operations.GetChanges(etag: etag)),
                    case .changed(let newTag) = answer
                {
                    // Also after the first poll: a change between the observer's first read and
                    // this baseline would otherwise wait for the next one.
                    await client.changeSeen()
                    signal.notify()
                    etag = newTag
                }
                try? await time.sleep(for: interval)
            }
        }
    }
}

// scripts/remove-service deletes this file with the service it is part of: hosting
import IntegrationSupport
import Models
import Services

/// What the in-memory video host remembers of its uploads (metadata only), and whether processing
/// of the next ones fails. An actor: each call is atomic.
actor InMemoryHost {
    private var media: [Video.ID: HostedMediaEntry] = [:]
    private var processingFails = false

    /// Registers an upload; its processing fails when failures are being simulated.
    func register(_ entry: HostedMediaEntry) -> HostedMediaEntry {
        var entry = entry
        if processingFails { entry.failureReason = "the in-memory host was told to fail processing" }
        media[entry.video.id] = entry
        return entry
    }

    func entry(id: Video.ID) throws(ServiceError) -> HostedMediaEntry {
        guard let entry = media[id] else { throw .notFound(what: "hosted video \(id)") }
        return entry
    }

    func delete(id: Video.ID) throws(ServiceError) {
        guard media.removeValue(forKey: id) != nil else { throw .notFound(what: "hosted video \(id)") }
    }

    func setProcessingFails(_ fails: Bool) {
        processingFails = fails
    }

    /// The number of videos held.
    var count: Int { media.count }

    func removeAll() {
        media.removeAll()
    }
}

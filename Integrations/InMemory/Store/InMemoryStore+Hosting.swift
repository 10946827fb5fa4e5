import Models
import Services

extension InMemoryStore {
    func registerHostedMedia(_ entry: HostedMediaEntry) {
        hostedMedia[entry.video.id] = entry
    }

    func hostedMediaEntry(id: Video.ID) throws(ServiceError) -> HostedMediaEntry {
        guard let entry = hostedMedia[id] else { throw .notFound(what: "hosted video \(id)") }
        return entry
    }

    func deleteHostedMedia(id: Video.ID) throws(ServiceError) {
        guard hostedMedia.removeValue(forKey: id) != nil else { throw .notFound(what: "hosted video \(id)") }
    }

    /// The number of videos the host holds.
    var hostedMediaCount: Int { hostedMedia.count }
}

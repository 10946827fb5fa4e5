import Models
import Services

extension InMemoryStore {
    func libraryVideos(ownerID: User.ID, request: PageRequest) throws(ServiceError) -> Page<Video> {
        try page(
            of: libraryVideos.values.filter { $0.ownerID == ownerID },
            scope: "library:\(ownerID)",
            request: request,
            date: \.createdAt,
            id: \.id
        )
    }

    func libraryVideo(id: Video.ID) throws(ServiceError) -> Video {
        guard let video = libraryVideos[id] else { throw .notFound(what: "video \(id) in the library") }
        return video
    }

    func saveToLibrary(_ video: Video) throws(ServiceError) -> Video {
        let video = try ServiceError.validating { () throws(ValidationError) in try VideoRules.validated(video) }
        libraryVideos[video.id] = video
        return video
    }

    func removeFromLibrary(id: Video.ID) throws(ServiceError) {
        guard libraryVideos.removeValue(forKey: id) != nil else {
            throw .notFound(what: "video \(id) in the library")
        }
    }
}

import Foundation
import IntegrationSupport
import Models
import Services

/// The mistakes a store on disk can plausibly ship with, for the durability and format checks.
enum StoreFlaw: String, Sendable {
    case none
    /// Answers a change once it is in memory and saves it afterwards, in the background.
    case acknowledgesBeforeSave
    /// Takes a file it cannot read for no file at all, and starts empty.
    case unreadableTakenForAbsent
    /// Spells a key of each list in camel case (`displayName`, `authorId`, `ownerId`), reading back
    /// what it wrote.
    case misspelledKey
}

/// A small file-backed store written the plain way, with at most one `StoreFlaw`: the models live
/// in a `ModelStore`, and every change saves the whole document in the documented JSON store
/// format (`Docs/Formats/json-file-store.json`) with `DurableFile`, past a `CrashSwitch`.
actor PlantedFileStore {
    let flaw: StoreFlaw
    let file: URL
    let crashSwitch = CrashSwitch()
    let models = ModelStore()

    init(file: URL, flaw: StoreFlaw) {
        self.file = file
        self.flaw = flaw
    }

    /// Opens the store in `file`; none yet is an empty store.
    ///
    /// - Throws: what reading or decoding the file throws (unless the flaw swallows it).
    static func open(file: URL, flaw: StoreFlaw) async throws -> PlantedFileStore {
        let store = PlantedFileStore(file: file, flaw: flaw)
        let data: Data?
        do {
            data = try Data(contentsOfFileIfPresent: file)
        } catch {
            guard flaw == .unreadableTakenForAbsent else {
                throw ServiceError.unavailable(reason: "cannot read \(file.path): \(error)", retryAfter: nil)
            }
            data = nil
        }
        if let data {
            try await store.models.restore(try PlantedDocument.decode(data, misspelled: flaw == .misspelledKey))
        }
        return store
    }

    /// Applies `body`, then saves; with `.acknowledgesBeforeSave` it answers before the save.
    func change<Value: Sendable>(
        _ body: @Sendable (isolated ModelStore) throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        let (value, _) = try await models.change(body)
        if flaw == .acknowledgesBeforeSave {
            Task { try? await self.save() }
            return value
        }
        try await save()
        return value
    }

    /// Runs `body` without changing anything.
    func read<Value: Sendable>(
        _ body: @Sendable (isolated ModelStore) throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        try await models.change(body).value
    }

    private func save() async throws(ServiceError) {
        let data = PlantedDocument.encode(await models.snapshot(), misspelled: flaw == .misspelledKey)
        try crashSwitch.beforeDurableWrite()
        do {
            try DurableFile.write(data, to: file)
        } catch {
            throw .unavailable(reason: "cannot save \(file.path): \(error)", retryAfter: nil)
        }
    }
}

/// The planted store's services, each a thin layer over `PlantedFileStore`.
struct PlantedStoreServices: PostService, UserService {
    let store: PlantedFileStore

    func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        try await store.change { models throws(ServiceError) in try models.publish(draft) }
    }

    func post(id: Post.ID) async throws(ServiceError) -> Post {
        try await store.read { models throws(ServiceError) in try models.post(id: id) }
    }

    func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post> {
        try await store.read { models throws(ServiceError) in try models.feed(authorID: authorID, request: page) }
    }

    func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        try await store.change { models throws(ServiceError) in try models.deletePost(id: id, by: actorID) }
    }

    func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        .refreshing(on: store.models.changes) { () throws(ServiceError) in
            try await feed(authorID: authorID, page: .first(pageSize))
        }
    }

    func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        try await store.change { models throws(ServiceError) in try models.createUser(draft) }
    }

    func user(id: User.ID) async throws(ServiceError) -> User {
        try await store.read { models throws(ServiceError) in try models.user(id: id) }
    }

    func user(handle: Handle) async throws(ServiceError) -> User {
        try await store.read { models throws(ServiceError) in try models.user(handle: handle) }
    }

    func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        try await store.change { models throws(ServiceError) in try models.updateDisplayName(of: id, to: displayName) }
    }
}

// begin part of: library
extension PlantedStoreServices: VideoLibraryService {
    func videos(ownerID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Video> {
        try await store.read { models throws(ServiceError) in try models.libraryVideos(ownerID: ownerID, request: page)
        }
    }

    func video(id: Video.ID) async throws(ServiceError) -> Video {
        try await store.read { models throws(ServiceError) in try models.libraryVideo(id: id) }
    }

    func save(_ video: Video) async throws(ServiceError) -> Video {
        try await store.change { models throws(ServiceError) in try models.saveToLibrary(video) }
    }

    func remove(id: Video.ID) async throws(ServiceError) {
        try await store.change { models throws(ServiceError) in try models.removeFromLibrary(id: id) }
    }

    func observeVideos(ownerID: User.ID, pageSize: Int) -> ServiceObservation<Page<Video>> {
        .refreshing(on: store.models.changes) { () throws(ServiceError) in
            try await videos(ownerID: ownerID, page: .first(pageSize))
        }
    }
}
// end part of: library

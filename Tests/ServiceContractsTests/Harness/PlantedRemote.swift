import Foundation
import InMemoryIntegration
import Models
import ServiceContracts
import Services
import TestSupport

/// A remote store as a client sees it, for the freshness checks: every read is a request whose
/// answer is made when it arrives and delivered later (held while the test holds reads), and
/// identical reads in flight share one request. Writes go straight through.
///
/// With `sharesAcrossWrites`, a read started after a write joins an identical read that was sent
/// before it (the client forgets to start a new generation on writes); otherwise it cannot.
final class PlantedRemote: Sendable {
    private struct State {
        var generation = 0
        var inFlight: [String: Task<any Sendable, any Error>] = [:]
        var isHolding = false
        var heldCount = 0
        var releases: [CheckedContinuation<Void, Never>] = []
    }

    let memory: InMemoryIntegration
    private let sharesAcrossWrites: Bool
    private let state = Locked(State())
    private let held = AwaitableState(0)

    init(sharesAcrossWrites: Bool) {
        memory = InMemoryIntegration()
        self.sharesAcrossWrites = sharesAcrossWrites
    }

    /// How a test holds this remote's reads.
    var heldReads: HeldReads {
        HeldReads(
            hold: { self.state.withLock { $0.isHolding = true } },
            waitForHeld: { count in try await self.held.wait { $0 >= count } },
            release: {
                let releases = self.state.withLock { state in
                    defer {
                        state.isHolding = false
                        state.releases = []
                    }
                    return state.releases
                }
                for release in releases { release.resume() }
            })
    }

    /// A read: its answer is made at once, delivered when released; joins an identical read in flight.
    func read<Value: Sendable>(
        _ key: String, _ answer: @escaping @Sendable () async throws(ServiceError) -> Value
    ) async throws(ServiceError) -> Value {
        let task = state.withLock { state -> Task<any Sendable, any Error> in
            let scoped = "\(key) #\(state.generation)"
            if let existing = state.inFlight[scoped] { return existing }
            let task = Task<any Sendable, any Error> {
                defer { self.state.withLock { _ = $0.inFlight.removeValue(forKey: scoped) } }
                let value = try await answer()
                await self.deliverWhenReleased()
                return value
            }
            state.inFlight[scoped] = task
            return task
        }
        do {
            guard let value = try await task.value as? Value else { throw ServiceError.cancelled }
            return value
        } catch let error as ServiceError {
            throw error
        } catch {
            throw .cancelled
        }
    }

    /// A write: done at once; afterwards reads no longer join earlier ones (unless the flaw).
    func write<Value: Sendable>(_ body: () async throws(ServiceError) -> Value) async throws(ServiceError) -> Value {
        let value = try await body()
        if !sharesAcrossWrites { state.withLock { $0.generation += 1 } }
        return value
    }

    private func deliverWhenReleased() async {
        await withCheckedContinuation { continuation in
            let isHeld = state.withLock { state -> Bool in
                guard state.isHolding else { return false }
                state.releases.append(continuation)
                state.heldCount += 1
                return true
            }
            if isHeld {
                let count = state.withLock { $0.heldCount }
                held.update { $0 = count }
            } else {
                continuation.resume()
            }
        }
    }
}

/// Posts, users and the library through a `PlantedRemote`.
struct PlantedRemoteServices: PostService, UserService {
    let remote: PlantedRemote
    private var posts: InMemoryPostService { remote.memory.postService }
    private var users: InMemoryUserService { remote.memory.userService }
    private var library: InMemoryVideoLibraryService { remote.memory.videoLibraryService }  // part of: library

    func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        try await remote.write { () throws(ServiceError) in try await posts.publish(draft) }
    }

    func post(id: Post.ID) async throws(ServiceError) -> Post {
        try await remote.read("post \(id)") { () throws(ServiceError) in try await posts.post(id: id) }
    }

    func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post> {
        try await remote.read("feed \(authorID) \(page.size) \(page.cursor?.rawValue ?? "-")") {
            () throws(ServiceError) in
            try await posts.feed(authorID: authorID, page: page)
        }
    }

    func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        try await remote.write { () throws(ServiceError) in try await posts.delete(id: id, by: actorID) }
    }

    func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        posts.observeFeed(authorID: authorID, pageSize: pageSize)
    }

    func create(_ draft: UserDraft) async throws(ServiceError) -> User {
        try await remote.write { () throws(ServiceError) in try await users.create(draft) }
    }

    func user(id: User.ID) async throws(ServiceError) -> User {
        try await remote.read("user \(id)") { () throws(ServiceError) in try await users.user(id: id) }
    }

    func user(handle: Handle) async throws(ServiceError) -> User {
        try await remote.read("handle \(handle)") { () throws(ServiceError) in try await users.user(handle: handle) }
    }

    func updateDisplayName(of id: User.ID, to displayName: String) async throws(ServiceError) -> User {
        try await remote.write { () throws(ServiceError) in try await users.updateDisplayName(of: id, to: displayName) }
    }
}

// begin part of: library
extension PlantedRemoteServices: VideoLibraryService {
    func videos(ownerID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Video> {
        try await remote.read("library \(ownerID) \(page.size) \(page.cursor?.rawValue ?? "-")") {
            () throws(ServiceError) in try await library.videos(ownerID: ownerID, page: page)
        }
    }

    func video(id: Video.ID) async throws(ServiceError) -> Video {
        try await remote.read("video \(id)") { () throws(ServiceError) in try await library.video(id: id) }
    }

    func save(_ video: Video) async throws(ServiceError) -> Video {
        try await remote.write { () throws(ServiceError) in try await library.save(video) }
    }

    func remove(id: Video.ID) async throws(ServiceError) {
        try await remote.write { () throws(ServiceError) in try await library.remove(id: id) }
    }

    func observeVideos(ownerID: User.ID, pageSize: Int) -> ServiceObservation<Page<Video>> {
        library.observeVideos(ownerID: ownerID, pageSize: pageSize)
    }
}
// end part of: library

import Foundation
import Models
import Services
import TestSupport

/// The bugs a video library can plausibly ship with, each paired with the check that catches it.
enum VideoLibraryServiceDefect: String, CaseIterable, Sendable {
    case saveDuplicates
    case oldestFirst
    case durationInWholeSeconds
    case queryStringDropped
    case removeLeavesVideo
    case listingIgnoresOwner

    /// The contract check that must fail when this defect is present.
    var caughtBy: String {
        switch self {
        case .saveDuplicates: "saving the same id updates rather than duplicates"
        case .oldestFirst: "listing is newest first with complete paging at sizes 1, 5, N and N+1"
        case .durationInWholeSeconds: "save then fetch round-trips every status, duration and URL"
        case .queryStringDropped: "save then fetch round-trips every status, duration and URL"
        case .removeLeavesVideo: "remove then fetch gives not found; a second remove too"
        case .listingIgnoresOwner: "listings are isolated per owner"
        }
    }
}

/// The in-memory video library with one deliberate defect.
struct BrokenVideoLibraryService: VideoLibraryService {
    let defect: VideoLibraryServiceDefect
    let base: any VideoLibraryService
    /// For `.saveDuplicates`: every save also lands under a fresh id.
    private let duplicateSuffix = UUID().uuidString
    /// For `.listingIgnoresOwner`: everything saved, whoever owns it.
    private let everything = Locked<[Video.ID: Video]>([:])

    init(_ defect: VideoLibraryServiceDefect, wrapping base: any VideoLibraryService) {
        self.defect = defect
        self.base = base
    }

    func videos(ownerID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Video> {
        var result = try await base.videos(ownerID: ownerID, page: page)
        switch defect {
        case .oldestFirst:
            result.items.reverse()
        case .listingIgnoresOwner:
            let all = everything.current.values.sorted { ($0.createdAt, $0.id) > ($1.createdAt, $1.id) }
            result = Page(items: Array(all.prefix(page.size)), nextCursor: nil)
        default:
            break
        }
        return result
    }

    func video(id: Video.ID) async throws(ServiceError) -> Video {
        try await base.video(id: id)
    }

    func save(_ video: Video) async throws(ServiceError) -> Video {
        var stored = video
        switch defect {
        case .saveDuplicates:
            let copy = Video(
                id: Video.ID(video.id.rawValue + duplicateSuffix + UUID().uuidString),
                ownerID: video.ownerID,
                title: video.title,
                status: video.status,
                createdAt: video.createdAt
            )
            _ = try await base.save(copy)
        case .durationInWholeSeconds:
            stored.duration = stored.duration.map { .seconds($0.components.seconds) }
        case .queryStringDropped:
            if case .ready(let url) = stored.status, var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
            {
                parts.query = nil
                stored.status = parts.url.map { .ready(playbackURL: $0) } ?? stored.status
            }
        default:
            break
        }
        _ = try await base.save(stored)
        everything.withLock { $0[video.id] = video }
        return video
    }

    func remove(id: Video.ID) async throws(ServiceError) {
        if defect == .removeLeavesVideo {
            _ = try await base.video(id: id)
            return
        }
        try await base.remove(id: id)
    }
}

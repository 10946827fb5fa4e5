// scripts/remove-service deletes this file with the service it is part of: library
import Foundation
import Models
import Services
import TestSupport

/// The bugs a video library can plausibly ship with, each paired with the checks that catch it.
enum VideoLibraryServiceDefect: String, CaseIterable, Sendable {
    case durationInWholeSeconds
    case queryStringDropped
    case percentEncodingDecoded
    case failureReasonKept
    case durationKeptWhenCleared
    case saveDuplicates
    case titleTrimmedOnlyInResponse
    case removeLeavesVideo
    case unknownIDReturnsAPlaceholder
    case sanitisesTitles
    case updateSkipsValidation
    case titleCountsScalars
    case oldestFirst
    case tiesBrokenByAscendingID
    case cursorOnFullLastPage
    case shortPageBeforeEnd
    case cursorIgnoresTieBreak
    case emptyPageCarriesCursor
    case ownerFilterDroppedAfterFirstPage
    case clampsPageSize
    case garbledCursorRestartsListing
    case prefixScopeAccepted
    case feedCursorAccepted
    case emptyScopeIsWildcard
    case lostWrites
    /// Takes any id, owner, date, duration, URL or reason the rules refuse, and answers as if saved.
    case acceptsAnyIdentifier
    case observationStartsEmpty
    case observationMissesSaves
    case observationMissesRemovals
    case observationMissesOtherInstances
    case observationSeesOtherOwners
    case observationRepeatsUnchangedValues
    case observationLeaksWhenCancelled

    /// The contract checks that must fail when this defect is present.
    var caughtBy: [String] {
        switch self {
        case .durationInWholeSeconds, .queryStringDropped:
            ["save then fetch round-trips every status, duration and URL"]
        case .percentEncodingDecoded:
            ["playback URLs with percent-encoded reserved characters round-trip byte for byte"]
        case .failureReasonKept, .durationKeptWhenCleared:
            ["every status transition round-trips with nothing left of the previous status"]
        case .saveDuplicates: ["saving the same id updates rather than duplicates"]
        case .acceptsAnyIdentifier:
            ["ids, owners, dates, durations, URLs and reasons outside the rules give invalid input"]
        case .titleTrimmedOnlyInResponse: ["titles are trimmed where they are returned, fetched and listed"]
        case .removeLeavesVideo: ["remove then fetch gives not found; a second remove too"]
        case .unknownIDReturnsAPlaceholder: ["unknown id gives not found"]
        case .sanitisesTitles: ["invalid title or negative duration gives invalid input and stores nothing"]
        case .updateSkipsValidation:
            ["every invalid title or a negative duration is refused on update and the video is unchanged"]
        case .titleCountsScalars:
            ["titles at the character and byte limits are accepted on create and update; one more is not"]
        case .oldestFirst, .tiesBrokenByAscendingID: ["listing is newest first with ties broken by descending id"]
        case .cursorOnFullLastPage, .shortPageBeforeEnd, .cursorIgnoresTieBreak:
            ["every walk at sizes 1, 2, 7, N, N+1 and 100 returns the whole library in full pages"]
        case .emptyPageCarriesCursor: ["an empty library is one empty page with no cursor"]
        case .ownerFilterDroppedAfterFirstPage: ["two owners' videos interleaved in time stay apart on every page"]
        case .clampsPageSize, .garbledCursorRestartsListing: ["invalid page size or garbled cursor gives invalid input"]
        case .prefixScopeAccepted:
            [
                "a cursor from another owner's library gives invalid input, also for owner ids that extend each other",
                "well-formed cursors with a foreign or empty scope give invalid input",
            ]
        case .feedCursorAccepted: ["a feed cursor given to the library gives invalid input"]
        case .emptyScopeIsWildcard: ["well-formed cursors with a foreign or empty scope give invalid input"]
        case .lostWrites:
            ["50 concurrent saves of different videos all land", "concurrent saves through two instances all land"]
        case .observationStartsEmpty: ["an observed library starts with the current first page"]
        case .observationMissesSaves, .observationMissesRemovals:
            ["a save, a status update and a removal through the same service are each seen"]
        case .observationMissesOtherInstances:
            ["a save, a status update and a removal through a second instance are each seen"]
        case .observationSeesOtherOwners, .observationRepeatsUnchangedValues:
            ["an observer of one owner gets nothing for another owner's videos within a second"]
        case .observationLeaksWhenCancelled:
            ["cancelling a library observer ends the observation and leaves nothing running"]
        }
    }

    /// How the defect observes the library.
    var observationFlaw: ObservationFlaw {
        switch self {
        case .observationStartsEmpty: .startsEmpty
        case .observationMissesSaves: .missesAdditions
        case .observationMissesRemovals: .missesRemovals
        case .observationMissesOtherInstances: .missesOtherInstances
        case .observationSeesOtherOwners: .seesOtherOwners
        case .observationRepeatsUnchangedValues: .repeatsUnchangedValues
        case .observationLeaksWhenCancelled: .leaksWhenCancelled
        default: .none
        }
    }

    /// Whether catching the defect depends on time: a race, or an observation that must stay quiet
    /// for a while. Those run ten times.
    var isTimed: Bool {
        self == .lostWrites || self == .observationSeesOtherOwners || self == .observationRepeatsUnchangedValues
    }

    /// How the defect pages, for the defects that are mistakes in paging.
    var paging: PlantedPaging<Video> {
        let flaw: PlantedPaging<Video>.Flaw =
            switch self {
            case .cursorOnFullLastPage: .cursorOnFullLastPage
            case .shortPageBeforeEnd: .shortPageBeforeEnd
            case .cursorIgnoresTieBreak: .cursorIgnoresTieBreak
            case .emptyPageCarriesCursor: .emptyPageCarriesCursor
            default: .none
            }
        let scopeFlaw: PlantedPaging<Video>.ScopeFlaw =
            switch self {
            case .prefixScopeAccepted: .prefixMatches
            case .feedCursorAccepted: .ownerOnly
            case .emptyScopeIsWildcard: .emptyIsWildcard
            default: .none
            }
        return PlantedPaging(flaw: flaw, scopeFlaw: scopeFlaw, date: { $0.createdAt }, id: { $0.id.rawValue })
    }
}

/// The in-memory video library with one deliberate defect.
///
/// Instances made with the same `Shared` behave as two instances of one store.
struct BrokenVideoLibraryService: VideoLibraryService {
    /// What the instances of one broken store share.
    final class Shared: Sendable {
        struct State {
            var owners: Set<User.ID> = []
            var firstFailure: [Video.ID: String] = [:]
            var overrides: [Video.ID: Video] = [:]
            var disk: [Video.ID: Video] = [:]
        }

        let state = Locked(State())
        let observation = PlantedObserver<Video>.Shared()
    }

    let defect: VideoLibraryServiceDefect
    let base: any VideoLibraryService
    let shared: Shared
    private let observer: PlantedObserver<Video>

    init(_ defect: VideoLibraryServiceDefect, wrapping base: any VideoLibraryService, shared: Shared = Shared()) {
        self.defect = defect
        self.base = base
        self.shared = shared
        observer = PlantedObserver(
            defect.observationFlaw,
            shared: shared.observation,
            observe: { base.observeVideos(ownerID: $0, pageSize: $1) },
            read: { owner, size throws(ServiceError) in try await base.videos(ownerID: owner, page: .first(size)) },
            readEveryone: { size throws(ServiceError) in
                var everyone: [Video] = []
                for owner in shared.state.withLock({ $0.owners }) {
                    everyone += try await base.videos(ownerID: owner, page: .first(size)).items
                }
                return Page(items: Array(defect.paging.newestFirst(everyone).prefix(size)), nextCursor: nil)
            }
        )
    }

    func observeVideos(ownerID: User.ID, pageSize: Int) -> ServiceObservation<Page<Video>> {
        observer.observation(of: ownerID, pageSize: pageSize)
    }

    func videos(ownerID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Video> {
        let scope = KeysetCursor.libraryScope(ownerID)
        switch defect {
        case .oldestFirst:
            var result = try await base.videos(ownerID: ownerID, page: page)
            result.items.reverse()
            return result
        case .clampsPageSize:
            return try await base.videos(
                ownerID: ownerID, page: PageRequest(size: min(max(page.size, 1), 100), cursor: page.cursor))
        case .garbledCursorRestartsListing:
            do {
                return try await base.videos(ownerID: ownerID, page: page)
            } catch  where error.field == "cursor" {
                return try await base.videos(ownerID: ownerID, page: PageRequest(size: page.size))
            }
        case .tiesBrokenByAscendingID:
            let ordered = defect.paging.newestFirstTiesAscending(try await allVideos(of: ownerID))
            return try defect.paging.page(of: ordered, request: page, scope: scope)
        case .ownerFilterDroppedAfterFirstPage where page.cursor != nil:
            var everyone: [Video] = []
            for owner in shared.state.withLock({ $0.owners }) {
                everyone += try await allVideos(of: owner)
            }
            return try defect.paging.page(of: defect.paging.newestFirst(everyone), request: page, scope: scope)
        case .lostWrites:
            let stored = shared.state.withLock { Array($0.disk.values) }.filter { $0.ownerID == ownerID }
            return try defect.paging.page(of: defect.paging.newestFirst(stored), request: page, scope: scope)
        default:
            let listed = try await allVideos(of: ownerID).map(overridden)
            return try defect.paging.page(of: listed, request: page, scope: scope)
        }
    }

    func video(id: Video.ID) async throws(ServiceError) -> Video {
        switch defect {
        case .unknownIDReturnsAPlaceholder:
            do {
                return try await base.video(id: id)
            } catch  where error.kind == .notFound {
                return Video(id: id, ownerID: "unknown", title: "Untitled", status: .processing, createdAt: .now)
            }
        case .lostWrites:
            guard let video = shared.state.withLock({ $0.disk[id] }) else { throw .notFound(what: "video \(id)") }
            return video
        default:
            return overridden(try await base.video(id: id))
        }
    }

    func save(_ video: Video) async throws(ServiceError) -> Video {
        let saved = try await saveWithDefect(video)
        observer.didAdd()
        return saved
    }

    private func saveWithDefect(_ video: Video) async throws(ServiceError) -> Video {
        shared.state.withLock { _ = $0.owners.insert(video.ownerID) }
        var stored = video
        switch defect {
        case .saveDuplicates:
            let copy = Video(
                id: Video.ID(video.id.rawValue + "-copy-" + UUID().uuidString), ownerID: video.ownerID,
                title: video.title, status: video.status, createdAt: video.createdAt)
            _ = try await base.save(copy)
        case .durationInWholeSeconds:
            stored.duration = stored.duration.map { .seconds($0.components.seconds) }
        case .queryStringDropped, .percentEncodingDecoded:
            stored.status = rewrittenURL(of: stored.status)
        case .failureReasonKept:
            if case .failed(let reason) = video.status {
                let first = shared.state.withLock { state in
                    state.firstFailure[video.id] = state.firstFailure[video.id] ?? reason
                    return state.firstFailure[video.id] ?? reason
                }
                stored.status = .failed(reason: first)
            }
        case .durationKeptWhenCleared where video.duration == nil:
            stored.duration = (try? await base.video(id: video.id))?.duration
        case .titleTrimmedOnlyInResponse:
            let saved = try await base.save(video)
            var untrimmed = saved
            untrimmed.title = video.title
            shared.state.withLock { $0.overrides[video.id] = untrimmed }
            return saved
        case .sanitisesTitles, .updateSkipsValidation:
            return try await saveForgivingly(video)
        case .acceptsAnyIdentifier:
            do {
                return try await base.save(video)
            } catch  where error.kind == .invalidInput && error.field != "title" {
                return video
            }
        case .titleCountsScalars where video.title.unicodeScalars.count > VideoRules.titleLimit.upperBound:
            throw .invalidInput(field: "title", reason: "must be at most 120 characters")
        case .lostWrites:
            let saved = try await base.save(video)
            let snapshot = shared.state.withLock { $0.disk }
            await Task.yield()
            shared.state.withLock { $0.disk = snapshot.merging([saved.id: saved]) { _, new in new } }
            return saved
        default:
            break
        }
        _ = try await base.save(stored)
        return try ServiceError.validating { () throws(ValidationError) in try VideoRules.validated(video) }
    }

    func remove(id: Video.ID) async throws(ServiceError) {
        try await removeWithDefect(id: id)
        observer.didRemove()
    }

    private func removeWithDefect(id: Video.ID) async throws(ServiceError) {
        if defect == .removeLeavesVideo {
            _ = try await base.video(id: id)
            return
        }
        try await base.remove(id: id)
    }

    /// Saves; a refused title the defect forgives is stored anyway (renamed on create, as given on update).
    private func saveForgivingly(_ video: Video) async throws(ServiceError) -> Video {
        do {
            return try await base.save(video)
        } catch  where error.field == "title" || error.field == "duration" {
            let exists = (try? await base.video(id: video.id)) != nil
            switch (defect, exists) {
            case (.sanitisesTitles, false):
                var renamed = video
                renamed.title = "Untitled"
                renamed.duration = video.duration.map { max($0, .zero) }
                return try await base.save(renamed)
            case (.updateSkipsValidation, true):
                shared.state.withLock { $0.overrides[video.id] = video }
                return video
            default:
                throw error
            }
        }
    }

    private func rewrittenURL(of status: Video.Status) -> Video.Status {
        guard case .ready(let url) = status else { return status }
        if defect == .percentEncodingDecoded {
            let decoded = url.absoluteString.removingPercentEncoding ?? url.absoluteString
            return URL(string: decoded).map { .ready(playbackURL: $0) } ?? status
        }
        guard var parts = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return status }
        parts.query = nil
        return parts.url.map { .ready(playbackURL: $0) } ?? status
    }

    private func overridden(_ video: Video) -> Video {
        shared.state.withLock { $0.overrides[video.id] } ?? video
    }

    /// Every video of `owner` from the base service, newest first.
    private func allVideos(of owner: User.ID) async throws(ServiceError) -> [Video] {
        try await PlantedPaging.everyItem { request throws(ServiceError) in
            try await base.videos(ownerID: owner, page: request)
        }
    }
}

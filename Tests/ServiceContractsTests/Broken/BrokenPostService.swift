import Foundation
import Models
import Services
import TestSupport

/// The bugs a post service can plausibly ship with, each paired with the checks that catch it.
enum PostServiceDefect: String, CaseIterable, Sendable {
    case createdAtFromSystemClock
    case videoIDDroppedOnFetch
    case doesNotTrim
    case trimsOnlyTheResponse
    case emojiTruncated
    case normalisesToNFC
    case stripsDirectionMarks
    case unknownIDReturnsAPlaceholder
    case draftIDIgnored
    case draftTimeIgnored
    case draftTimeAheadKept
    case takenIDReplacesThePost
    case acceptsOverlongText
    case acceptsInvisibleText
    case acceptsHugeCharacters
    case byteLimitTooLow
    case unknownAuthorAccepted
    case acceptsAnyVideoID
    case clampsPageSize
    case garbledCursorRestartsFeed
    case cursorScopeIgnored
    case emptyScopeIsWildcard
    case prefixScopeAccepted
    case libraryCursorAccepted  // part of: library
    case oldestFirstFeed
    case tiesBrokenByAscendingID
    case cursorOnFullLastPage
    case shortPageBeforeEnd
    case cursorIgnoresTieBreak
    case emptyPageCarriesCursor
    case offsetCursor
    case staleSnapshotCursor
    case ownerFilterDroppedAfterFirstPage
    case anyoneCanDelete
    case deleteLeavesThePost
    case swallowsNotFoundOnDelete
    case lostConcurrentPublishes
    case lostWritesAcrossInstances
    case observationStartsEmpty
    case observationMissesPublishes
    case observationMissesDeletes
    case observationMissesOtherInstances
    case observationStopsAfterFirstChange
    case observationOutOfOrder
    case observationSeesOtherAuthors
    case observationRepeatsUnchangedValues
    case observationLeaksWhenCancelled
    case observationIgnoresPageSize

    /// The contract checks that must fail when this defect is present.
    var caughtBy: [String] {
        switch self {
        case .createdAtFromSystemClock:
            ["publish returns the post as stored: id, author, trimmed text, video and the clock's time"]
        case .videoIDDroppedOnFetch: ["fetch by id and the feed return each post exactly as published"]
        case .doesNotTrim, .trimsOnlyTheResponse:
            ["text is trimmed where it is returned, fetched and listed; inner newlines are kept"]
        case .emojiTruncated: ["500 characters of multi-scalar emoji round-trip unchanged"]
        case .normalisesToNFC: ["NFC and NFD text round-trip byte for byte"]
        case .stripsDirectionMarks: ["right-to-left text with direction marks round-trips"]
        case .unknownIDReturnsAPlaceholder: ["unknown id gives not found"]
        case .acceptsOverlongText, .acceptsInvisibleText, .acceptsHugeCharacters:
            ["invalid text gives invalid input and stores nothing"]
        case .byteLimitTooLow: ["text at 500 characters and 20,000 bytes is accepted; one more of either is rejected"]
        case .unknownAuthorAccepted: ["unknown author gives not found or invalid input and stores nothing"]
        case .draftIDIgnored, .takenIDReplacesThePost:
            ["a draft's own id is kept, an unusable one is invalid input; a taken id is a conflict and changes nothing"]
        case .draftTimeIgnored, .draftTimeAheadKept:
            [
                "a draft's own time is kept where returned, fetched and listed; one after the clock's is the clock's, one before year 1 invalid"
            ]
        case .acceptsAnyVideoID:
            ["video ids that are empty, over 128 bytes or hold spaces or controls give invalid input"]
        case .clampsPageSize: ["invalid page size gives invalid input"]
        case .garbledCursorRestartsFeed: ["garbled cursor gives invalid input"]
        case .cursorScopeIgnored:
            [
                "a cursor from another author's feed gives invalid input, both ways",
                "a library cursor given to the feed gives invalid input",  // part of: library
                "well-formed cursors with a foreign or empty scope give invalid input",
            ]
        case .emptyScopeIsWildcard, .prefixScopeAccepted:
            ["well-formed cursors with a foreign or empty scope give invalid input"]
        case .libraryCursorAccepted: ["a library cursor given to the feed gives invalid input"]  // part of: library
        case .oldestFirstFeed, .tiesBrokenByAscendingID: ["feed is newest first with ties broken by descending id"]
        case .cursorOnFullLastPage, .shortPageBeforeEnd, .cursorIgnoresTieBreak:
            ["every walk at sizes 1, 2, 7, N, N+1 and 100 returns the whole feed in full pages"]
        case .emptyPageCarriesCursor: ["an empty feed is one empty page with no cursor"]
        case .offsetCursor: ["posts published while paging are newer and never disturb the walk"]
        case .staleSnapshotCursor: ["a post deleted while paging never reappears"]
        case .ownerFilterDroppedAfterFirstPage: ["two authors' posts interleaved in time stay apart on every page"]
        case .anyoneCanDelete: ["only the author can delete a post; anyone else is forbidden and the post stays"]
        case .deleteLeavesThePost: ["delete then fetch gives not found and the feed drops the post"]
        case .swallowsNotFoundOnDelete: ["a second delete gives not found", "deleting an unknown id gives not found"]
        case .lostConcurrentPublishes: ["100 concurrent publishes yield 100 distinct ids, all in the feed"]
        case .lostWritesAcrossInstances: ["concurrent publishes through two instances all land"]
        case .observationStartsEmpty: ["an observed feed starts with the current first page"]
        case .observationMissesPublishes, .observationMissesDeletes:
            ["a publish and a delete through the same service are each seen"]
        case .observationMissesOtherInstances: ["a publish and a delete through a second instance are each seen"]
        case .observationStopsAfterFirstChange, .observationOutOfOrder:
            ["a burst of 100 publishes is seen in order and ends with the final first page, then quiet for a second"]
        case .observationSeesOtherAuthors, .observationRepeatsUnchangedValues:
            ["an observer of one author gets nothing for another author's posts within a second"]
        case .observationLeaksWhenCancelled:
            ["cancelling the observer ends the observation and leaves nothing running"]
        case .observationIgnoresPageSize: ["an invalid page size fails the observation with invalid input"]
        }
    }

    /// How the defect observes the feed.
    var observationFlaw: ObservationFlaw {
        switch self {
        case .observationStartsEmpty: .startsEmpty
        case .observationMissesPublishes: .missesAdditions
        case .observationMissesDeletes: .missesRemovals
        case .observationMissesOtherInstances: .missesOtherInstances
        case .observationStopsAfterFirstChange: .stopsAfterFirstChange
        case .observationOutOfOrder: .deliversOutOfOrder
        case .observationSeesOtherAuthors: .seesOtherOwners
        case .observationRepeatsUnchangedValues: .repeatsUnchangedValues
        case .observationLeaksWhenCancelled: .leaksWhenCancelled
        case .observationIgnoresPageSize: .ignoresPageSize
        default: .none
        }
    }

    /// Whether catching the defect depends on time: a race, or an observation that must stay quiet
    /// for a while. Those run ten times.
    var isTimed: Bool {
        rawValue.hasPrefix("lost") || self == .observationSeesOtherAuthors || self == .observationRepeatsUnchangedValues
            || self == .observationOutOfOrder
    }

    /// How the defect pages, for the defects that are mistakes in paging.
    var paging: PlantedPaging<Post> {
        let flaw: PlantedPaging<Post>.Flaw =
            switch self {
            case .cursorOnFullLastPage: .cursorOnFullLastPage
            case .shortPageBeforeEnd: .shortPageBeforeEnd
            case .cursorIgnoresTieBreak: .cursorIgnoresTieBreak
            case .emptyPageCarriesCursor: .emptyPageCarriesCursor
            case .offsetCursor: .offsetCursor
            default: .none
            }
        let scopeFlaw: PlantedPaging<Post>.ScopeFlaw =
            switch self {
            case .cursorScopeIgnored: .ignored
            case .emptyScopeIsWildcard: .emptyIsWildcard
            case .prefixScopeAccepted: .prefixMatches
            case .libraryCursorAccepted: .ownerOnly  // part of: library
            default: .none
            }
        return PlantedPaging(flaw: flaw, scopeFlaw: scopeFlaw, date: { $0.createdAt }, id: { $0.id.rawValue })
    }
}

/// The in-memory post service with one deliberate defect.
///
/// Instances made with the same `Shared` behave as two instances of one store (two connections),
/// which is what the two-instance race checks need.
struct BrokenPostService: PostService {
    /// What the instances of one broken store share.
    final class Shared: Sendable {
        struct State {
            var authors: Set<User.ID> = []
            var untrimmed: [Post.ID: String] = [:]
            var snapshots: [User.ID: [Post]] = [:]
            var disk: [Post.ID: Post] = [:]
            var counter = 0
        }

        let state = Locked(State())
        let observation = PlantedObserver<Post>.Shared()
    }

    let defect: PostServiceDefect
    let base: any PostService
    let shared: Shared
    private let observer: PlantedObserver<Post>

    init(_ defect: PostServiceDefect, wrapping base: any PostService, shared: Shared = Shared()) {
        self.defect = defect
        self.base = base
        self.shared = shared
        observer = PlantedObserver(
            defect.observationFlaw,
            shared: shared.observation,
            observe: { base.observeFeed(authorID: $0, pageSize: $1) },
            read: { author, size throws(ServiceError) in try await base.feed(authorID: author, page: .first(size)) },
            readEveryone: { size throws(ServiceError) in
                var everyone: [Post] = []
                for author in shared.state.withLock({ $0.authors }) {
                    everyone += try await base.feed(authorID: author, page: .first(size)).items
                }
                return Page(items: Array(defect.paging.newestFirst(everyone).prefix(size)), nextCursor: nil)
            }
        )
    }

    func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        let post = try await publishWithDefect(draft)
        observer.didAdd()
        return post
    }

    func observeFeed(authorID: User.ID, pageSize: Int) -> ServiceObservation<Page<Post>> {
        observer.observation(of: authorID, pageSize: pageSize)
    }

    private func publishWithDefect(_ draft: PostDraft) async throws(ServiceError) -> Post {
        shared.state.withLock { _ = $0.authors.insert(draft.authorID) }
        var draft = draft
        switch defect {
        case .createdAtFromSystemClock:
            let post = try await base.publish(draft)
            return Post(id: post.id, authorID: post.authorID, text: post.text, createdAt: Date(), videoID: post.videoID)
        case .doesNotTrim:
            let post = try await base.publish(draft)
            return Post(id: post.id, authorID: post.authorID, text: draft.text, createdAt: post.createdAt)
        case .trimsOnlyTheResponse:
            let post = try await base.publish(draft)
            shared.state.withLock { $0.untrimmed[post.id] = draft.text }
            return post
        case .emojiTruncated: draft.text = String(draft.text.unicodeScalars.prefix(1_000).map(Character.init))
        case .normalisesToNFC: draft.text = draft.text.precomposedStringWithCanonicalMapping
        case .stripsDirectionMarks:
            draft.text = String(draft.text.unicodeScalars.filter { $0 != "\u{200F}" }.map(Character.init))
        case .draftIDIgnored: draft.id = nil
        case .draftTimeIgnored: draft.createdAt = nil
        case .draftTimeAheadKept:
            let post = try await base.publish(draft)
            return Post(
                id: post.id, authorID: post.authorID, text: post.text, createdAt: draft.createdAt ?? post.createdAt,
                videoID: post.videoID)
        case .takenIDReplacesThePost:
            if let id = draft.id, let taken = try? await base.post(id: id) {
                try await base.delete(id: id, by: taken.authorID)
            }
        case .acceptsOverlongText where draft.text.count > 500: draft.text = String(draft.text.prefix(500))
        case .byteLimitTooLow where draft.text.utf8.count > 10_000:
            throw .invalidInput(field: "text", reason: "must be at most 10000 bytes")
        case .acceptsInvisibleText, .acceptsHugeCharacters, .unknownAuthorAccepted:
            return try await publishForgivingly(draft)
        case .acceptsAnyVideoID:
            do {
                return try await base.publish(draft)
            } catch  where error.field == "videoID" {
                // Stores the post without the video it could not take, and answers as if it had.
                let post = try await base.publish(PostDraft(authorID: draft.authorID, text: draft.text))
                return Post(
                    id: post.id, authorID: post.authorID, text: post.text, createdAt: post.createdAt,
                    videoID: draft.videoID)
            }
        case .lostConcurrentPublishes:
            // Read, suspend, write: concurrent publishes read the same count and overwrite each other.
            let count = shared.state.withLock { $0.counter }
            await Task.yield()
            shared.state.withLock { $0.counter = count + 1 }
            let post = try await base.publish(draft)
            return Post(
                id: Post.ID("post-\(count)"), authorID: post.authorID, text: post.text, createdAt: post.createdAt)
        case .lostWritesAcrossInstances:
            // Read the whole store, suspend, write it back with the new post: a lost update.
            let post = try await base.publish(draft)
            let snapshot = shared.state.withLock { $0.disk }
            await Task.yield()
            shared.state.withLock { $0.disk = snapshot.merging([post.id: post]) { _, new in new } }
            return post
        default:
            break
        }
        return try await base.publish(draft)
    }

    /// Publishes; a refusal the defect forgives comes back as a post that was never stored.
    private func publishForgivingly(_ draft: PostDraft) async throws(ServiceError) -> Post {
        do {
            return try await base.publish(draft)
        } catch {
            let forgiven =
                switch defect {
                case .acceptsInvisibleText: error.description.contains("visible")
                case .acceptsHugeCharacters: error.description.contains("bytes")
                default: error.kind == .notFound
                }
            guard forgiven else { throw error }
            return Post(id: Post.ID(UUID().uuidString), authorID: draft.authorID, text: draft.text, createdAt: Date())
        }
    }

    func post(id: Post.ID) async throws(ServiceError) -> Post {
        switch defect {
        case .videoIDDroppedOnFetch:
            let post = try await base.post(id: id)
            return Post(id: post.id, authorID: post.authorID, text: post.text, createdAt: post.createdAt)
        case .trimsOnlyTheResponse:
            return untrimmed(try await base.post(id: id))
        case .lostWritesAcrossInstances:
            guard let post = shared.state.withLock({ $0.disk[id] }) else { throw .notFound(what: "post \(id)") }
            return post
        case .unknownIDReturnsAPlaceholder:
            do {
                return try await base.post(id: id)
            } catch  where error.kind == .notFound {
                return Post(id: id, authorID: "unknown", text: "(deleted)", createdAt: .now)
            }
        default:
            return try await base.post(id: id)
        }
    }

    func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post> {
        let scope = KeysetCursor.feedScope(authorID)
        switch defect {
        case .oldestFirstFeed:
            var result = try await base.feed(authorID: authorID, page: page)
            result.items.reverse()
            return result
        case .clampsPageSize:
            let size = min(max(page.size, 1), 100)
            return try await base.feed(authorID: authorID, page: PageRequest(size: size, cursor: page.cursor))
        case .garbledCursorRestartsFeed:
            do {
                return try await base.feed(authorID: authorID, page: page)
            } catch  where error.field == "cursor" {
                return try await base.feed(authorID: authorID, page: PageRequest(size: page.size))
            }
        case .trimsOnlyTheResponse:
            return try await base.feed(authorID: authorID, page: page).map(untrimmed)
        case .tiesBrokenByAscendingID:
            let ordered = defect.paging.newestFirstTiesAscending(try await allPosts(of: authorID))
            return try defect.paging.page(of: ordered, request: page, scope: scope)
        case .ownerFilterDroppedAfterFirstPage where page.cursor != nil:
            var everyone: [Post] = []
            for author in shared.state.withLock({ $0.authors }) {
                everyone += try await allPosts(of: author)
            }
            return try defect.paging.page(of: defect.paging.newestFirst(everyone), request: page, scope: scope)
        case .staleSnapshotCursor:
            let current = try await allPosts(of: authorID)
            let listing = shared.state.withLock { state in
                if page.cursor == nil { state.snapshots[authorID] = current }
                return state.snapshots[authorID] ?? current
            }
            return try defect.paging.page(of: listing, request: page, scope: scope)
        case .lostWritesAcrossInstances:
            let stored = shared.state.withLock { Array($0.disk.values) }.filter { $0.authorID == authorID }
            return try defect.paging.page(of: defect.paging.newestFirst(stored), request: page, scope: scope)
        default:
            return try defect.paging.page(of: try await allPosts(of: authorID), request: page, scope: scope)
        }
    }

    func delete(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        try await deleteWithDefect(id: id, by: actorID)
        observer.didRemove()
    }

    private func deleteWithDefect(id: Post.ID, by actorID: User.ID) async throws(ServiceError) {
        switch defect {
        case .anyoneCanDelete:
            let post = try await base.post(id: id)
            try await base.delete(id: id, by: post.authorID)
        case .deleteLeavesThePost:
            let post = try await base.post(id: id)
            if post.authorID != actorID { throw .forbidden(reason: "not the author") }
        case .swallowsNotFoundOnDelete:
            do {
                try await base.delete(id: id, by: actorID)
            } catch  where error.kind == .notFound {
                return
            }
        default:
            try await base.delete(id: id, by: actorID)
        }
    }

    /// Every post of `author` from the base service, newest first.
    private func allPosts(of author: User.ID) async throws(ServiceError) -> [Post] {
        try await PlantedPaging.everyItem { request throws(ServiceError) in
            try await base.feed(authorID: author, page: request)
        }
    }

    private func untrimmed(_ post: Post) -> Post {
        guard let text = shared.state.withLock({ $0.untrimmed[post.id] }) else { return post }
        return Post(id: post.id, authorID: post.authorID, text: text, createdAt: post.createdAt, videoID: post.videoID)
    }
}

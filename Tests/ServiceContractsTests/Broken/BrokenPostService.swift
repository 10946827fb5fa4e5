import Foundation
import InMemoryIntegration
import Models
import Services
import TestSupport

/// The bugs a post service can plausibly ship with, each paired with the check that catches it.
enum PostServiceDefect: String, CaseIterable, Sendable {
    case oldestFirstFeed
    case paginationSkipsAnItem
    case deleteLeavesThePost
    case secondDeleteSucceeds
    case lostConcurrentPublishes
    case acceptsOverlongText
    case doesNotTrim
    case garbledCursorRestartsFeed
    case emojiTruncated
    case unknownIDReturnsAPlaceholder
    case clampsPageSize
    case feedIgnoresAuthor
    case normalisesToNFC

    /// The contract check that must fail when this defect is present.
    var caughtBy: String {
        switch self {
        case .oldestFirstFeed: "feed is newest first with ties broken by descending id"
        case .paginationSkipsAnItem: "paging with sizes 1, 2, 7, N and N+1 returns every post exactly once"
        case .deleteLeavesThePost: "delete then fetch gives not found and the feed drops the post"
        case .secondDeleteSucceeds: "a second delete gives not found"
        case .lostConcurrentPublishes: "100 concurrent publishes yield 100 distinct ids, all in the feed"
        case .acceptsOverlongText: "invalid text gives invalid input and stores nothing"
        case .doesNotTrim: "text is trimmed and inner newlines are kept"
        case .garbledCursorRestartsFeed: "garbled cursor gives invalid input"
        case .emojiTruncated: "500 characters of multi-scalar emoji round-trip unchanged"
        case .unknownIDReturnsAPlaceholder: "unknown id gives not found"
        case .clampsPageSize: "invalid page size gives invalid input"
        case .feedIgnoresAuthor: "feeds are isolated per author"
        case .normalisesToNFC: "NFC and NFD text round-trip byte for byte"
        }
    }
}

/// The in-memory post service with one deliberate defect.
struct BrokenPostService: PostService {
    let defect: PostServiceDefect
    let base: any PostService
    private let racyCounter = Locked(0)
    /// For `.feedIgnoresAuthor`: every author that published through this service.
    private let seenAuthors = Locked<Set<User.ID>>([])

    init(_ defect: PostServiceDefect, wrapping base: any PostService) {
        self.defect = defect
        self.base = base
    }

    func publish(_ draft: PostDraft) async throws(ServiceError) -> Post {
        seenAuthors.withLock { _ = $0.insert(draft.authorID) }
        var draft = draft
        switch defect {
        case .acceptsOverlongText where draft.text.count > 500:
            draft.text = String(draft.text.prefix(500))
        case .doesNotTrim:
            let post = try await base.publish(draft)
            return Post(id: post.id, authorID: post.authorID, text: draft.text, createdAt: post.createdAt)
        case .emojiTruncated:
            draft.text = String(draft.text.unicodeScalars.prefix(1_000).map(Character.init))
        case .normalisesToNFC:
            draft.text = draft.text.precomposedStringWithCanonicalMapping
        case .lostConcurrentPublishes:
            // Read, suspend, write: concurrent publishes read the same count and overwrite each other.
            let count = racyCounter.current
            await Task.yield()
            racyCounter.withLock { $0 = count + 1 }
            let post = try await base.publish(draft)
            return Post(
                id: Post.ID("post-\(count)"), authorID: post.authorID, text: post.text, createdAt: post.createdAt)
        default:
            break
        }
        return try await base.publish(draft)
    }

    func post(id: Post.ID) async throws(ServiceError) -> Post {
        do {
            return try await base.post(id: id)
        } catch  where defect == .unknownIDReturnsAPlaceholder && error.kind == .notFound {
            return Post(id: id, authorID: "unknown", text: "(deleted)", createdAt: .now)
        }
    }

    func feed(authorID: User.ID, page: PageRequest) async throws(ServiceError) -> Page<Post> {
        switch defect {
        case .oldestFirstFeed:
            var result = try await base.feed(authorID: authorID, page: page)
            result.items.reverse()
            return result
        case .paginationSkipsAnItem where page.cursor != nil:
            var result = try await base.feed(authorID: authorID, page: page)
            result.items = Array(result.items.dropFirst())
            return result
        case .clampsPageSize:
            let size = min(max(page.size, 1), 100)
            return try await base.feed(authorID: authorID, page: PageRequest(size: size, cursor: page.cursor))
        case .feedIgnoresAuthor:
            // Lists another author's posts too: everyone who published in this store.
            var result = try await base.feed(authorID: authorID, page: page)
            for other in seenAuthors.current where other != authorID {
                result.items += try await base.feed(authorID: other, page: .first(100)).items
            }
            return result
        case .garbledCursorRestartsFeed:
            do {
                return try await base.feed(authorID: authorID, page: page)
            } catch  where error.field == "cursor" {
                return try await base.feed(authorID: authorID, page: PageRequest(size: page.size))
            }
        default:
            return try await base.feed(authorID: authorID, page: page)
        }
    }

    func delete(id: Post.ID) async throws(ServiceError) {
        switch defect {
        case .deleteLeavesThePost:
            _ = try await base.post(id: id)
        case .secondDeleteSucceeds:
            do {
                try await base.delete(id: id)
            } catch  where error.kind == .notFound {
                return
            }
        default:
            try await base.delete(id: id)
        }
    }
}

import Foundation
import Models
import Services
import Testing

/// The rules every `PostService` must keep, as named checks.
///
/// Run it from an integration's test target with
/// `@Test(arguments: PostServiceContract.checks(supportedBy: fixture))`.
public enum PostServiceContract: ServiceContract {
    /// Every check, grouped by concern; names are stable and unique.
    public static let checks: [ContractCheck<PostServiceSubject>] =
        publishingChecks + validationChecks + cursorChecks + pagingChecks + deletionChecks + raceChecks
        + reopenChecks + observationChecks + durabilityChecks + formatChecks
}

extension PostServiceSubject {
    /// Creates a fresh author through the subject's own user service.
    func makeAuthor(_ prefix: String = "author") async throws -> User {
        try await users.create(UserDraft(handle: uniqueHandle(prefix), displayName: "Author"))
    }

    /// Publishes `count` posts by `author` one after another and returns them in publishing order.
    ///
    /// With a manual `clock`, every `tiesOf` posts share one instant and the clock then moves on
    /// by a second, so the feed holds groups of ties.
    func publish(
        _ count: Int,
        by author: User.ID,
        prefix: String = "post",
        clock: ContractClock? = nil,
        tiesOf groupSize: Int = 1
    ) async throws -> [Post] {
        var posts: [Post] = []
        for index in 0..<count {
            if let clock, index > 0, index.isMultiple(of: groupSize) { clock.advance(by: .seconds(1)) }
            posts.append(try await self.posts.publish(PostDraft(authorID: author, text: "\(prefix) \(index)")))
        }
        return posts
    }

    /// The whole feed of `author`, walked with `pageSize`.
    func wholeFeed(
        of author: User.ID,
        pageSize: Int = 100,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [Post] {
        try await collectAll(pageSize: pageSize, sourceLocation: sourceLocation) { request throws(ServiceError) in
            try await posts.feed(authorID: author, page: request)
        }
    }
}

/// `posts` in feed order: newest first, ties broken by descending id.
func feedOrder(_ posts: [Post]) -> [Post] {
    newestFirst(posts, date: \.createdAt, id: \.id)
}

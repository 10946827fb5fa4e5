import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let reopenChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("posts, order and deletions survive a reopen", requires: [.reopen]) { subject in
            let author = try await subject.makeAuthor()
            let posts = try await subject.publish(12, by: author.id)
            let emoji = try await subject.posts.publish(
                PostDraft(authorID: author.id, text: String(repeating: "👩‍👩‍👧‍👦", count: 500), videoID: "video-1")
            )
            try await subject.posts.delete(id: posts[3].id, by: author.id)
            let before = try await subject.wholeFeed(of: author.id)
            let reopened = try await subject.reopen()
            let after = try await reopened.wholeFeed(of: author.id)
            expectSameListing(after, before, "the feed after a reopen")
            let fetched = try await reopened.posts.post(id: emoji.id)
            #expect(fetched == emoji)
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await reopened.posts.post(id: posts[3].id)
            }
        },
        ContractCheck("a cursor stays valid across a reopen", requires: [.reopen]) { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(9, by: author.id)
            let reference = try await subject.wholeFeed(of: author.id)
            let first = try await subject.posts.feed(authorID: author.id, page: .first(4))
            let reopened = try await subject.reopen()
            let cursor = try #require(first.nextCursor)
            let rest = try await reopened.posts.feed(authorID: author.id, page: PageRequest(size: 100, cursor: cursor))
            expectSameListing(first.items + rest.items, reference, "a walk across a reopen")
        },
        ContractCheck("ids stay unique after a reopen", requires: [.reopen]) { subject in
            let author = try await subject.makeAuthor()
            let before = try await subject.publish(5, by: author.id)
            let reopened = try await subject.reopen()
            let after = try await reopened.publish(5, by: author.id)
            #expect(Set((before + after).map(\.id)).count == 10)
            let feed = try await reopened.wholeFeed(of: author.id)
            expectSameListing(feed, feedOrder(before + after), "the feed after a reopen")
        },
    ]
}

import Models
import Services
import Testing

extension PostServiceContract {
    static let pagingChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("feed is newest first with ties broken by descending id") { subject, clock in
            let author = try await subject.makeAuthor()
            let published = try await subject.publish(15, by: author.id, clock: clock, tiesOf: 3)
            let feed = try await subject.posts.feed(authorID: author.id, page: .first(100))
            #expect(feed.nextCursor == nil)
            expectSameListing(feed.items, feedOrder(published), "the feed of 15 posts in ties of 3")
        },
        ContractCheck("every walk at sizes 1, 2, 7, N, N+1 and 100 returns the whole feed in full pages") {
            subject, clock in
            let author = try await subject.makeAuthor()
            let count = 15
            let expected = feedOrder(try await subject.publish(count, by: author.id, clock: clock, tiesOf: 3))
            for size in pageSizes(forCount: count) {
                let walked = try await subject.wholeFeed(of: author.id, pageSize: size)
                expectSameListing(walked, expected, "walk at page size \(size)")
            }
        },
        ContractCheck("an empty feed is one empty page with no cursor") { subject in
            let author = try await subject.makeAuthor()
            let page = try await subject.posts.feed(authorID: author.id, page: .first(10))
            #expect(page.items.isEmpty)
            #expect(page.nextCursor == nil)
        },
        ContractCheck("posts published while paging are newer and never disturb the walk", clock: .ticking) {
            subject, _ in
            let author = try await subject.makeAuthor()
            let reference = feedOrder(try await subject.publish(10, by: author.id, prefix: "old"))
            var seen: [Post] = []
            var request: PageRequest? = .first(3)
            var round = 0
            while let current = request, round < 20 {
                let page = try await subject.posts.feed(authorID: author.id, page: current)
                seen += page.items
                _ = try await subject.publish(2, by: author.id, prefix: "new \(round)")
                request = current.next(after: page)
                round += 1
            }
            expectSameListing(seen, reference, "a walk while new posts arrive")
        },
        ContractCheck("a post deleted while paging never reappears") { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(12, by: author.id)
            let reference = try await subject.posts.feed(authorID: author.id, page: .first(100)).items
            let firstPage = try await subject.posts.feed(authorID: author.id, page: .first(4))
            let cursorPost = try #require(firstPage.items.last)
            let unseen = reference[8]
            try await subject.posts.delete(id: cursorPost.id, by: author.id)
            try await subject.posts.delete(id: unseen.id, by: author.id)
            var rest: [Post] = []
            var request = PageRequest.first(4).next(after: firstPage)
            while let current = request {
                let page = try await subject.posts.feed(authorID: author.id, page: current)
                rest += page.items
                request = current.next(after: page)
            }
            expectSameListing(rest, reference.dropFirst(4).filter { $0.id != unseen.id }, "the rest of the walk")
        },
        ContractCheck("two authors' posts interleaved in time stay apart on every page", clock: .ticking) {
            subject, _ in
            let alice = try await subject.makeAuthor("alice")
            let bob = try await subject.makeAuthor("bob")
            var published: [User.ID: [Post]] = [alice.id: [], bob.id: []]
            for index in 0..<12 {
                for author in [alice.id, bob.id] {
                    published[author, default: []].append(
                        try await subject.posts.publish(PostDraft(authorID: author, text: "turn \(index)")))
                }
            }
            for author in [alice.id, bob.id] {
                for size in [1, 2, 3] {
                    let walked = try await subject.wholeFeed(of: author, pageSize: size)
                    expectSameListing(walked, feedOrder(published[author] ?? []), "\(author)'s walk at size \(size)")
                }
            }
        },
    ]
}

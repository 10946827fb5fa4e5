import Models
import Services
import Testing

extension PostServiceContract {
    static let pagingChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("feed is newest first with ties broken by descending id") { subject in
            let author = try await subject.makeAuthor()
            let published = try await subject.publish(40, by: author.id)
            let feed = try await subject.posts.feed(authorID: author.id, page: .first(100)).items
            #expect(feed.count == 40)
            #expect(Set(feed.map(\.id)) == Set(published.map(\.id)))
            expectNewestFirst(feed, date: \.createdAt, id: \.id)
            #expect(feed.first?.createdAt == published.map(\.createdAt).max())
        },
        ContractCheck("paging with sizes 1, 2, 7, N and N+1 returns every post exactly once") { subject in
            let author = try await subject.makeAuthor()
            let count = 15
            _ = try await subject.publish(count, by: author.id)
            let reference = try await subject.posts.feed(authorID: author.id, page: .first(100)).items
            for size in [1, 2, 7, count, count + 1] {
                let walked = try await subject.wholeFeed(of: author.id, pageSize: size)
                #expect(walked.map(\.id) == reference.map(\.id), "page size \(size)")
            }
            let single = try await subject.posts.feed(authorID: author.id, page: .first(count + 1))
            #expect(single.items.count == count)
            #expect(single.nextCursor == nil, "a page holding the rest of the feed must have no cursor")
        },
        ContractCheck("an empty feed is one empty page with no cursor") { subject in
            let author = try await subject.makeAuthor()
            let page = try await subject.posts.feed(authorID: author.id, page: .first(10))
            #expect(page.items.isEmpty)
            #expect(page.nextCursor == nil)
        },
        ContractCheck("posts published while paging cause no duplicate or skip among the older ones") { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(10, by: author.id, prefix: "old")
            let reference = try await subject.posts.feed(authorID: author.id, page: .first(100)).items
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
            // A post published in the same millisecond as the cursor's post may sort after it and
            // appear in a later page; that is order, not a skip. The older posts must come exactly once.
            let older = Set(reference.map(\.id))
            #expect(seen.filter { older.contains($0.id) }.map(\.id) == reference.map(\.id))
            #expect(Set(seen.map(\.id)).count == seen.count, "a post appeared twice")
        },
        ContractCheck("a post deleted while paging never reappears") { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(12, by: author.id)
            let reference = try await subject.posts.feed(authorID: author.id, page: .first(100)).items
            let firstPage = try await subject.posts.feed(authorID: author.id, page: .first(4))
            let cursorPost = try #require(firstPage.items.last)
            let unseen = reference[8]
            try await subject.posts.delete(id: cursorPost.id)
            try await subject.posts.delete(id: unseen.id)
            var rest: [Post] = []
            var request = PageRequest.first(4).next(after: firstPage)
            while let current = request {
                let page = try await subject.posts.feed(authorID: author.id, page: current)
                rest += page.items
                request = current.next(after: page)
            }
            let expected = reference.dropFirst(4).filter { $0.id != unseen.id }
            #expect(rest.map(\.id) == expected.map(\.id))
        },
        ContractCheck("feeds are isolated per author") { subject in
            let alice = try await subject.makeAuthor("alice")
            let bob = try await subject.makeAuthor("bob")
            let alicePosts = try await subject.publish(5, by: alice.id)
            let bobPosts = try await subject.publish(3, by: bob.id)
            #expect(Set(try await subject.wholeFeed(of: alice.id).map(\.id)) == Set(alicePosts.map(\.id)))
            #expect(Set(try await subject.wholeFeed(of: bob.id).map(\.id)) == Set(bobPosts.map(\.id)))
        },
    ]
}

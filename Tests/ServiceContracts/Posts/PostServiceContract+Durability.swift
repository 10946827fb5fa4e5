import Foundation
import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let durabilityChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck(
            "every acknowledged publish and delete survives a crash at the next write", requires: [.crashRecovery]
        ) { subject in
            let author = try await subject.makeAuthor()
            var kept = try await subject.publish(3, by: author.id)
            try await subject.posts.delete(id: kept[1].id, by: author.id)
            kept.remove(at: 1)
            try await subject.armCrash()
            // After the crash is armed, a change counts only if it was acknowledged.
            let late = try? await subject.posts.publish(PostDraft(authorID: author.id, text: "at the crash"))
            let deleted = (try? await subject.posts.delete(id: kept[0].id, by: author.id)) != nil
            #expect(try await subject.hasCrashed(), "a publish after the crash was armed wrote nothing durable")
            let recovered = try await subject.recoverFromCrash()
            var expected = kept + (late.map { [$0] } ?? [])
            if deleted { expected.removeAll { $0.id == kept[0].id } }
            let feed = try await recovered.wholeFeed(of: author.id)
            expectSameListing(feed, feedOrder(expected), "the feed after a crash at the next write")
        },
        ContractCheck(
            "concurrent publishes when a crash strikes: every acknowledged one is there after it",
            requires: [.crashRecovery]
        ) { subject in
            let author = try await subject.makeAuthor()
            try await subject.armCrash()
            let outcomes = try await ContractRaces.concurrently(20) { index in
                try? await subject.posts.publish(PostDraft(authorID: author.id, text: "racing the crash \(index)"))
            }
            let acknowledged = outcomes.compactMap { $0 }
            let recovered = try await subject.recoverFromCrash()
            let ids = Set(try await recovered.wholeFeed(of: author.id).map(\.id))
            let lost = acknowledged.filter { !ids.contains($0.id) }
            #expect(lost.isEmpty, "\(lost.count) of \(acknowledged.count) acknowledged publishes were lost")
        },
        ContractCheck(
            "unreadable data stops start with an error naming it, and nothing is created or changed",
            requires: [.unreadableStore]
        ) { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(2, by: author.id)
            ContractStoreChecks.expectRefused(try await subject.startOnUnreadableStore())
        },
        ContractCheck(
            "a feed read that starts after a publish returned shows it, while an older identical read is in flight",
            requires: [.heldReads]
        ) { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(1, by: author.id, prefix: "older")
            let posts = subject.posts
            let read: @Sendable () async throws -> Page<Post> = {
                try await posts.feed(authorID: author.id, page: .first(10))
            }
            let published = Locked<Post?>(nil)
            let page = try await ContractStoreChecks.readAfterWrite(
                held: try subject.heldReads(), first: read,
                write: {
                    let post = try await posts.publish(PostDraft(authorID: author.id, text: "newer"))
                    published.withLock { $0 = post }
                },
                second: read)
            #expect(page.items.first == published.current, "the read after the publish showed \(page.items)")
        },
    ]

    static let formatChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("a store in the documented format reads as the posts it documents", requires: [.documentedFormat])
        { subject in
            let format = try subject.documentedFormat()
            let opened = try await format.openSample()
            #expect(!format.sample.posts.isEmpty, "the sample \(format.sample.name) documents no posts")
            for post in format.sample.posts {
                #expect(try await opened.posts.post(id: post.id) == post, "post \(post.id) of \(format.sample.name)")
            }
            for author in Set(format.sample.posts.map(\.authorID)) {
                let expected = feedOrder(format.sample.posts.filter { $0.authorID == author })
                let feed = try await opened.wholeFeed(of: author)
                expectSameListing(feed, expected, "the feed of \(author) in \(format.sample.name)")
            }
        },
        ContractCheck("the posts the store writes have the documented format", requires: [.documentedFormat]) {
            subject in
            let format = try subject.documentedFormat()
            var authors: [User.ID: User.ID] = [:]
            for user in format.sample.users {
                let created = try await subject.users.create(
                    UserDraft(
                        handle: uniqueHandle(String(user.handle.rawValue.prefix(8))), displayName: user.displayName))
                authors[user.id] = created.id
            }
            for post in format.sample.posts {
                let author = try #require(authors[post.authorID], "the sample's post \(post.id) has no author")
                _ = try await subject.posts.publish(PostDraft(authorID: author, text: post.text, videoID: post.videoID))
            }
            let written = try await format.shape(try await format.document(), .posts)
            let documented = try await format.shape(format.sample.contents, .posts)
            #expect(written == documented, "written posts differ from \(format.sample.name)")
        },
    ]
}

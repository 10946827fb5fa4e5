import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let deletionChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("only the author can delete a post; anyone else is forbidden and the post stays") { subject in
            let alice = try await subject.makeAuthor("alice")
            let mallory = try await subject.makeAuthor("mallory")
            let post = try await subject.posts.publish(PostDraft(authorID: alice.id, text: "mine"))
            for actor in [mallory.id, User.ID("no-such-user")] {
                await expectServiceError(.forbidden, "delete by \(actor)") { () throws(ServiceError) in
                    try await subject.posts.delete(id: post.id, by: actor)
                }
            }
            let kept = try await subject.posts.post(id: post.id)
            #expect(kept == post)
            let feed = try await subject.wholeFeed(of: alice.id)
            #expect(feed == [post])
            try await subject.posts.delete(id: post.id, by: alice.id)
        },
        ContractCheck("delete then fetch gives not found and the feed drops the post") { subject in
            let author = try await subject.makeAuthor()
            let posts = try await subject.publish(3, by: author.id)
            try await subject.posts.delete(id: posts[1].id, by: author.id)
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.posts.post(id: posts[1].id)
            }
            let remaining = try await subject.wholeFeed(of: author.id)
            expectSameListing(remaining, feedOrder([posts[0], posts[2]]), "the feed after the delete")
        },
        ContractCheck("a second delete gives not found") { subject in
            let author = try await subject.makeAuthor()
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: "once"))
            try await subject.posts.delete(id: post.id, by: author.id)
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.posts.delete(id: post.id, by: author.id)
            }
        },
        ContractCheck("deleting an unknown id gives not found") { subject in
            let author = try await subject.makeAuthor()
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.posts.delete(id: "no-such-post", by: author.id)
            }
        },
    ]
}

import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let deletionChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("delete then fetch gives not found and the feed drops the post") { subject in
            let author = try await subject.makeAuthor()
            let posts = try await subject.publish(3, by: author.id)
            try await subject.posts.delete(id: posts[1].id)
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.posts.post(id: posts[1].id)
            }
            let remaining = try await subject.wholeFeed(of: author.id).map(\.id)
            #expect(Set(remaining) == [posts[0].id, posts[2].id])
        },
        ContractCheck("a second delete gives not found") { subject in
            let author = try await subject.makeAuthor()
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: "once"))
            try await subject.posts.delete(id: post.id)
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.posts.delete(id: post.id)
            }
        },
        ContractCheck("deleting an unknown id gives not found") { subject in
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.posts.delete(id: "no-such-post")
            }
        },
    ]
}

import Foundation
import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let publishingChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("publish returns the stored post with service-set id and time") { subject in
            let author = try await subject.makeAuthor()
            let before = Date()
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: "Hello, Silo"))
            let after = Date()
            #expect(!post.id.rawValue.isEmpty)
            #expect(post.authorID == author.id)
            #expect(post.text == "Hello, Silo")
            #expect(post.videoID == nil)
            #expect(post.createdAt >= before.addingTimeInterval(-60) && post.createdAt <= after.addingTimeInterval(60))
        },
        ContractCheck("fetch by id equals the published post") { subject in
            let author = try await subject.makeAuthor()
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: "fetch me"))
            #expect(try await subject.posts.post(id: post.id) == post)
        },
        ContractCheck("text is trimmed and inner newlines are kept") { subject in
            let author = try await subject.makeAuthor()
            let post = try await subject.posts.publish(
                PostDraft(authorID: author.id, text: "  \n line one\nline two \n"))
            #expect(post.text == "line one\nline two")
            #expect(try await subject.posts.post(id: post.id).text == "line one\nline two")
        },
        ContractCheck("500 characters of multi-scalar emoji round-trip unchanged") { subject in
            let author = try await subject.makeAuthor()
            let family = "👩‍👩‍👧‍👦"
            let flagAndSkinTone = "🇯🇵👍🏽"
            let text = String(repeating: family, count: 498) + flagAndSkinTone
            #expect(text.count == 500)
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: text))
            let fetched = try await subject.posts.post(id: post.id)
            #expect(Array(fetched.text.unicodeScalars) == Array(text.unicodeScalars))
        },
        ContractCheck("NFC and NFD text round-trip byte for byte") { subject in
            let author = try await subject.makeAuthor()
            let composed = "Caf\u{E9} cr\u{E8}me"
            let decomposed = "Cafe\u{301} cre\u{300}me"
            let first = try await subject.posts.publish(PostDraft(authorID: author.id, text: composed))
            let second = try await subject.posts.publish(PostDraft(authorID: author.id, text: decomposed))
            #expect(Array(try await subject.posts.post(id: first.id).text.utf8) == Array(composed.utf8))
            #expect(Array(try await subject.posts.post(id: second.id).text.utf8) == Array(decomposed.utf8))
        },
        ContractCheck("right-to-left text round-trips") { subject in
            let author = try await subject.makeAuthor()
            let text = "שלום עולם — مرحبا بالعالم \u{200F}!"
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: text))
            #expect(Array(try await subject.posts.post(id: post.id).text.utf8) == Array(text.utf8))
        },
        ContractCheck("a video attachment id round-trips") { subject in
            let author = try await subject.makeAuthor()
            let videoID = Video.ID("video-\(UUID().uuidString)")
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: "watch", videoID: videoID))
            #expect(post.videoID == videoID)
            #expect(try await subject.posts.post(id: post.id).videoID == videoID)
        },
        ContractCheck("100 concurrent publishes yield 100 distinct ids, all in the feed") { subject in
            let author = try await subject.makeAuthor()
            let ids = try await withThrowingTaskGroup(of: Post.ID.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        try await subject.posts.publish(PostDraft(authorID: author.id, text: "concurrent \(index)")).id
                    }
                }
                return try await group.reduce(into: [Post.ID]()) { $0.append($1) }
            }
            #expect(Set(ids).count == 100)
            let feed = try await subject.wholeFeed(of: author.id)
            #expect(Set(feed.map(\.id)) == Set(ids))
            #expect(feed.count == 100)
        },
        ContractCheck("unknown id gives not found") { subject in
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.posts.post(id: "no-such-post")
            }
        },
    ]
}

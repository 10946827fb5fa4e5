import Foundation
import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let publishingChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("publish returns the post as stored: id, author, trimmed text, video and the clock's time") {
            subject, clock in
            let author = try await subject.makeAuthor()
            clock.advance(by: .seconds(90))
            let videoID = Video.ID("video-\(UUID().uuidString)")
            let post = try await subject.posts.publish(
                PostDraft(authorID: author.id, text: "  Hello, Silo \n", videoID: videoID))
            #expect(!post.id.rawValue.isEmpty)
            let expected = Post(
                id: post.id, authorID: author.id, text: "Hello, Silo", createdAt: clock.current, videoID: videoID)
            #expect(post == expected)
        },
        ContractCheck("fetch by id and the feed return each post exactly as published") { subject in
            let author = try await subject.makeAuthor()
            let plain = try await subject.posts.publish(PostDraft(authorID: author.id, text: "fetch me"))
            let withVideo = try await subject.posts.publish(
                PostDraft(authorID: author.id, text: "watch", videoID: Video.ID("video-\(UUID().uuidString)")))
            let fetchedPlain = try await subject.posts.post(id: plain.id)
            let fetchedWithVideo = try await subject.posts.post(id: withVideo.id)
            #expect(fetchedPlain == plain)
            #expect(fetchedWithVideo == withVideo)
            let feed = try await subject.wholeFeed(of: author.id)
            expectSameListing(feed, feedOrder([plain, withVideo]), "the feed")
        },
        ContractCheck("text is trimmed where it is returned, fetched and listed; inner newlines are kept") { subject in
            let author = try await subject.makeAuthor()
            let post = try await subject.posts.publish(
                PostDraft(authorID: author.id, text: "  \n line one\nline two \n"))
            let fetched = try await subject.posts.post(id: post.id)
            let listed = try await subject.wholeFeed(of: author.id)
            #expect(post.text == "line one\nline two")
            #expect(fetched.text == "line one\nline two")
            #expect(listed.map(\.text) == ["line one\nline two"])
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
            #expect(fetched == post)
        },
        ContractCheck("NFC and NFD text round-trip byte for byte") { subject in
            let author = try await subject.makeAuthor()
            let composed = "Caf\u{E9} cr\u{E8}me"
            let decomposed = "Cafe\u{301} cre\u{300}me"
            let first = try await subject.posts.publish(PostDraft(authorID: author.id, text: composed))
            let second = try await subject.posts.publish(PostDraft(authorID: author.id, text: decomposed))
            let fetchedFirst = try await subject.posts.post(id: first.id)
            let fetchedSecond = try await subject.posts.post(id: second.id)
            #expect(Array(fetchedFirst.text.utf8) == Array(composed.utf8))
            #expect(Array(fetchedSecond.text.utf8) == Array(decomposed.utf8))
        },
        ContractCheck("right-to-left text with direction marks round-trips") { subject in
            let author = try await subject.makeAuthor()
            let text = "שלום עולם — مرحبا بالعالم \u{200F}!"
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: text))
            let fetched = try await subject.posts.post(id: post.id)
            #expect(Array(fetched.text.utf8) == Array(text.utf8))
        },
        ContractCheck(
            "a draft's own id is kept, an unusable one is invalid input; a taken id is a conflict and changes nothing"
        ) {
            subject in
            let author = try await subject.makeAuthor()
            let id = Post.ID("device-made-\(UUID().uuidString)")
            await expectServiceError(.invalidInput) { () throws(ServiceError) in
                try await subject.posts.publish(PostDraft(authorID: author.id, text: "spaced", id: "device made"))
            }
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: "first", id: id))
            #expect(post.id == id)
            #expect(try await subject.posts.post(id: id) == post)
            await expectServiceError(.conflict) { () throws(ServiceError) in
                try await subject.posts.publish(PostDraft(authorID: author.id, text: "second", id: id))
            }
            #expect(try await subject.posts.post(id: id) == post, "the taken id's post changed")
            #expect(try await subject.wholeFeed(of: author.id) == [post])
        },
        ContractCheck(
            "a draft's own time is kept where returned, fetched and listed; one after the clock's is the clock's, one before year 1 invalid"
        ) { subject, clock in
            let author = try await subject.makeAuthor()
            clock.advance(by: .seconds(3_600))
            let written = clock.current.addingTimeInterval(-1_800)
            let early = try await subject.posts.publish(
                PostDraft(authorID: author.id, text: "written offline", createdAt: written))
            let ahead = try await subject.posts.publish(
                PostDraft(authorID: author.id, text: "clock ahead", createdAt: clock.current.addingTimeInterval(600)))
            #expect(early.createdAt == written)
            #expect(ahead.createdAt == clock.current)
            await expectServiceError(.invalidInput) { () throws(ServiceError) in
                try await subject.posts.publish(
                    PostDraft(
                        authorID: author.id, text: "before the year 1",
                        createdAt: DateRules.earliest.addingTimeInterval(-86_400)))
            }
            #expect(try await subject.posts.post(id: early.id) == early)
            #expect(try await subject.wholeFeed(of: author.id) == [ahead, early])
        },
        ContractCheck("unknown id gives not found") { subject in
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.posts.post(id: "no-such-post")
            }
        },
    ]
}

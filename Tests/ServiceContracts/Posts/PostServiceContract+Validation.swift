import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let validationChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("video ids that are empty, over 128 bytes or hold spaces or controls give invalid input") {
            subject in
            let author = try await subject.makeAuthor()
            for sample in ContractInputs.invalidIdentifiers {
                await expectInvalidInput(field: "videoID", "video id \(sample)") { () throws(ServiceError) in
                    try await subject.posts.publish(
                        PostDraft(authorID: author.id, text: "with a video", videoID: Video.ID(sample.value)))
                }
            }
            #expect(try await subject.wholeFeed(of: author.id).isEmpty, "a post with a refused video id was stored")
            let atLimit = Video.ID(ContractInputs.identifierAtLimit())
            let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: "limit", videoID: atLimit))
            #expect(try await subject.posts.post(id: post.id).videoID == atLimit)
        },
        ContractCheck("invalid text gives invalid input and stores nothing") { subject in
            let author = try await subject.makeAuthor()
            let tooLong = [
                ContractInputs.Sample(label: "501 letters", value: String(repeating: "a", count: 501)),
                ContractInputs.Sample(label: "501 emoji families", value: String(repeating: "👩‍👩‍👧‍👦", count: 501)),
            ]
            for sample in ContractInputs.invalidText + tooLong {
                await expectInvalidInput(field: "text", "text with \(sample)") { () throws(ServiceError) in
                    try await subject.posts.publish(PostDraft(authorID: author.id, text: sample.value))
                }
            }
            let feed = try await subject.wholeFeed(of: author.id)
            #expect(feed.isEmpty, "rejected texts were stored: \(feed.map(\.text.debugDescription))")
        },
        ContractCheck("text at 500 characters and 20,000 bytes is accepted; one more of either is rejected") {
            subject in
            let author = try await subject.makeAuthor()
            let atLimits = [
                String(repeating: "é", count: 500),
                ContractInputs.text(characters: 500, bytes: PostRules.textByteLimit),
            ]
            var accepted: [Post] = []
            for text in atLimits {
                let post = try await subject.posts.publish(PostDraft(authorID: author.id, text: text))
                #expect(Array(post.text.utf8) == Array(text.utf8))
                accepted.append(post)
            }
            let overLimits = [
                String(repeating: "é", count: 501),
                ContractInputs.text(characters: 500, bytes: PostRules.textByteLimit + 2),
            ]
            for text in overLimits {
                await expectInvalidInput(field: "text", "\(text.count) characters, \(text.utf8.count) bytes") {
                    () throws(ServiceError) in
                    try await subject.posts.publish(PostDraft(authorID: author.id, text: text))
                }
            }
            let feed = try await subject.wholeFeed(of: author.id)
            expectSameListing(feed, feedOrder(accepted), "the feed after the limit checks")
        },
        ContractCheck("unknown author gives not found or invalid input and stores nothing") { subject in
            let ghost: User.ID = "no-such-user"
            do throws(ServiceError) {
                let post = try await subject.posts.publish(PostDraft(authorID: ghost, text: "boo"))
                Issue.record("Publishing as an unknown author succeeded: \(post)")
            } catch {
                #expect(error.kind == .notFound || error.kind == .invalidInput, "got \(error)")
            }
            let ghostFeed = try await subject.wholeFeed(of: ghost)
            #expect(ghostFeed.isEmpty)
        },
        ContractCheck("invalid page size gives invalid input") { subject in
            let author = try await subject.makeAuthor()
            for size in [0, -1, 101, Int.max, Int.min] {
                await expectInvalidInput(field: "pageSize", "size \(size)") { () throws(ServiceError) in
                    try await subject.posts.feed(authorID: author.id, page: PageRequest(size: size))
                }
            }
        },
    ]
}

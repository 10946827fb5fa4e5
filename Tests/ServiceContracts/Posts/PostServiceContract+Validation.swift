import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let validationChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("invalid text gives invalid input and stores nothing") { subject in
            let author = try await subject.makeAuthor()
            let invalidTexts = [
                "", "   ", "\n\t \n", String(repeating: "a", count: 501), String(repeating: "👩‍👩‍👧‍👦", count: 501),
                "tab\there", "nul\u{0}byte", "carriage\rreturn", "bell\u{7}",
            ]
            for text in invalidTexts {
                await expectInvalidInput(field: "text", "text \(text.debugDescription.prefix(40))") {
                    () throws(ServiceError) in
                    try await subject.posts.publish(PostDraft(authorID: author.id, text: text))
                }
            }
            #expect(try await subject.wholeFeed(of: author.id).isEmpty)
        },
        ContractCheck("exactly 500 characters are accepted and 501 rejected") { subject in
            let author = try await subject.makeAuthor()
            let post = try await subject.posts.publish(
                PostDraft(authorID: author.id, text: String(repeating: "é", count: 500))
            )
            #expect(post.text.count == 500)
            await expectInvalidInput(field: "text") { () throws(ServiceError) in
                try await subject.posts.publish(
                    PostDraft(authorID: author.id, text: String(repeating: "é", count: 501)))
            }
            #expect(try await subject.wholeFeed(of: author.id).map(\.id) == [post.id])
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
            for size in [0, -1, 101, Int.max] {
                await expectInvalidInput(field: "pageSize", "size \(size)") { () throws(ServiceError) in
                    try await subject.posts.feed(authorID: author.id, page: PageRequest(size: size))
                }
            }
        },
        ContractCheck("garbled cursor gives invalid input") { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(3, by: author.id)
            let garbled = ["", "garbage", "eyJ2IjoxfQ", "%%%", String(repeating: "A", count: 4096)]
            for raw in garbled {
                await expectInvalidInput(field: "cursor", "cursor \(raw.prefix(20))") { () throws(ServiceError) in
                    try await subject.posts.feed(
                        authorID: author.id, page: PageRequest(size: 2, cursor: Cursor(rawValue: raw)))
                }
            }
        },
        ContractCheck("cursor from another author's feed gives invalid input") { subject in
            let alice = try await subject.makeAuthor("alice")
            let bob = try await subject.makeAuthor("bob")
            _ = try await subject.publish(3, by: alice.id)
            _ = try await subject.publish(3, by: bob.id)
            let alicePage = try await subject.posts.feed(authorID: alice.id, page: .first(1))
            let cursor = try #require(alicePage.nextCursor)
            await expectInvalidInput(field: "cursor") { () throws(ServiceError) in
                try await subject.posts.feed(authorID: bob.id, page: PageRequest(size: 1, cursor: cursor))
            }
        },
    ]
}

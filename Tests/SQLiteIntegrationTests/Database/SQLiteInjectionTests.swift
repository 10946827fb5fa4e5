import Foundation
import Models
import SQLiteIntegration
import Services
import TestSupport
import Testing

@Suite("SQLite injection-shaped input")
struct SQLiteInjectionTests {
    static let injection = "'); DROP TABLE posts;--"
    static let spacelessInjection = "');DROP/**/TABLE/**/posts;--"

    @Test("SQL in post text is stored as text and executes nothing")
    func sqlInPostText() async throws {
        // Given a started integration and an author
        let file = try DatabaseFile()
        try await file.withStarted { integration in
            let author = try await integration.userService.create(UserDraft(handle: "mallory", displayName: "M"))

            // When posts carry SQL in their text
            let post = try await integration.postService.publish(PostDraft(authorID: author.id, text: Self.injection))
            let quoted = try await integration.postService.publish(
                PostDraft(authorID: author.id, text: "\" OR 1=1; DELETE FROM users; --")
            )

            // Then both read back verbatim and the tables are intact
            #expect(try await integration.postService.post(id: post.id).text == Self.injection)
            #expect(try await integration.postService.post(id: quoted.id).text == quoted.text)
            #expect(try await integration.postService.feed(authorID: author.id, page: .first(10)).items.count == 2)
            #expect(try await integration.userService.user(id: author.id) == author)
        }
    }

    @Test("SQL in display names, video titles, ids and URLs round-trips as data")
    func sqlInOtherFields() async throws {
        let file = try DatabaseFile()
        try await file.withStarted { integration in
            // Given values shaped like SQL in every text column, when they are stored and read back,
            // then they are exactly the data given
            let user = try await integration.userService.create(UserDraft(handle: "bobby", displayName: Self.injection))
            #expect(try await integration.userService.user(id: user.id).displayName == Self.injection)
            // begin part of: library
            // A video's too; ids hold no spaces (IdentifierRules), so theirs is SQL without them.
            let video = Video(
                id: Video.ID(Self.spacelessInjection),
                ownerID: User.ID(Self.spacelessInjection),
                title: Self.injection,
                status: .ready(playbackURL: try #require(URL(string: "https://cdn.example.com/v?q=%27);DROP"))),
                createdAt: Date()
            )
            _ = try await integration.videoLibraryService.save(video)
            let listing = try await integration.videoLibraryService.videos(ownerID: video.ownerID, page: .first(5))
            #expect(try await integration.videoLibraryService.video(id: video.id) == video)
            #expect(listing.items == [video])
            // end part of: library
        }
    }

    @Test("NUL bytes are rejected where the rules forbid them and round-trip where allowed")
    func nulBytes() async throws {
        let file = try DatabaseFile()
        try await file.withStarted { integration in
            // Given an author
            let author = try await integration.userService.create(UserDraft(handle: "nul_tester", displayName: "N"))

            // When post text holds a NUL byte, it is invalid input
            await expectInvalidInput(field: "text") { () throws(ServiceError) in
                try await integration.postService.publish(PostDraft(authorID: author.id, text: "before\0after"))
            }

            // begin part of: library
            // And a video's failure reason (free text from a host) keeps its NUL bytes
            let reason = "decoder said \0 and stopped\0"
            let video = Video(
                id: "video-nul", ownerID: author.id, title: "Clip", status: .failed(reason: reason), createdAt: Date()
            )
            _ = try await integration.videoLibraryService.save(video)
            let stored = try await integration.videoLibraryService.video(id: "video-nul")
            guard case .failed(let storedReason) = stored.status else {
                Issue.record("Expected a failed status, got \(stored.status)")
                return
            }
            #expect(Array(storedReason.utf8) == Array(reason.utf8))
            // end part of: library
        }
    }

    @Test("a 1 MB string is refused by every rule that bounds a field, and a reason at its limit round-trips")
    func megabyteStrings() async throws {
        let file = try DatabaseFile()
        try await file.withStarted { integration in
            let megabyte = String(repeating: "ab'\"; ", count: 1_048_576 / 6)
            let author = try await integration.userService.create(UserDraft(handle: "big_writer", displayName: "B"))

            // When a post's text is 1 MB, the length rule rejects it
            await expectInvalidInput(field: "text") { () throws(ServiceError) in
                try await integration.postService.publish(PostDraft(authorID: author.id, text: megabyte))
            }

            // begin part of: library
            // And a 1 MB failure reason too, while one at its limit is stored and read back whole
            let huge = Video(
                id: "video-big", ownerID: author.id, title: "Big", status: .failed(reason: megabyte), createdAt: Date()
            )
            await expectInvalidInput(field: "reason") { () throws(ServiceError) in
                try await integration.videoLibraryService.save(huge)
            }
            let atLimit = String(megabyte.utf8.prefix(VideoRules.reasonByteLimit))!
            let video = Video(
                id: "video-big", ownerID: author.id, title: "Big", status: .failed(reason: atLimit), createdAt: Date()
            )
            _ = try await integration.videoLibraryService.save(video)
            #expect(try await integration.videoLibraryService.video(id: video.id) == video)
            // end part of: library
        }
    }
}

import Foundation
import Models
import Services
import TestSupport
import Testing

extension PostServiceContract {
    static let cursorChecks: [ContractCheck<PostServiceSubject>] = [
        ContractCheck("garbled cursor gives invalid input") { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(3, by: author.id)
            for raw in ContractCursors.garbled {
                await expectInvalidInput(field: "cursor", "cursor \(raw.prefix(20).debugDescription)") {
                    () throws(ServiceError) in
                    try await subject.posts.feed(
                        authorID: author.id, page: PageRequest(size: 2, cursor: Cursor(rawValue: raw)))
                }
            }
        },
        ContractCheck("a cursor from another author's feed gives invalid input, both ways") { subject in
            let alice = try await subject.makeAuthor("alice")
            let bob = try await subject.makeAuthor("bob")
            _ = try await subject.publish(3, by: alice.id)
            _ = try await subject.publish(3, by: bob.id)
            for (owner, other) in [(alice.id, bob.id), (bob.id, alice.id)] {
                let page = try await subject.posts.feed(authorID: owner, page: .first(1))
                let cursor = try #require(page.nextCursor)
                await expectInvalidInput(field: "cursor", "\(owner)'s cursor on \(other)'s feed") {
                    () throws(ServiceError) in
                    try await subject.posts.feed(authorID: other, page: PageRequest(size: 1, cursor: cursor))
                }
            }
        },
        // begin part of: library
        ContractCheck("a library cursor given to the feed gives invalid input", requires: [.otherListing]) { subject in
            let author = try await subject.makeAuthor()
            _ = try await subject.publish(3, by: author.id)
            let library = try subject.library()
            let cursor = try await ContractCursors.libraryCursor(of: author.id, in: library)
            await expectInvalidInput(field: "cursor") { () throws(ServiceError) in
                try await subject.posts.feed(authorID: author.id, page: PageRequest(size: 1, cursor: cursor))
            }
        }.part(of: .library),
        // end part of: library
        ContractCheck("well-formed cursors with a foreign or empty scope give invalid input") { subject in
            let author = try await subject.makeAuthor()
            let other = try await subject.makeAuthor("other")
            let posts = try await subject.publish(3, by: author.id)
            let newest = try #require(feedOrder(posts).first)
            let foreign = ContractCursors.foreignScoped(
                ownScope: KeysetCursor.feedScope(author.id), owner: author.id, other: other.id, after: newest.createdAt)
            for cursor in foreign {
                await expectInvalidInput(field: "cursor", "cursor scoped \(cursor.scope.debugDescription)") {
                    () throws(ServiceError) in
                    try await subject.posts.feed(authorID: author.id, page: PageRequest(size: 2, cursor: cursor.cursor))
                }
            }
        },
    ]
}

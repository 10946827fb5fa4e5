// scripts/remove-service deletes this file with the service it is part of: library
import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoLibraryServiceContract {
    static let cursorChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck("invalid page size or garbled cursor gives invalid input") { subject in
            let owner = User.ID(uniqueOwner())
            _ = try await saveVideos(3, owner: owner, tiesOf: 1, in: subject)
            for size in [0, -1, 101, Int.max, Int.min] {
                await expectInvalidInput(field: "pageSize", "size \(size)") { () throws(ServiceError) in
                    try await subject.library.videos(ownerID: owner, page: PageRequest(size: size))
                }
            }
            for raw in ContractCursors.garbled {
                await expectInvalidInput(field: "cursor", "cursor \(raw.prefix(20).debugDescription)") {
                    () throws(ServiceError) in
                    try await subject.library.videos(
                        ownerID: owner, page: PageRequest(size: 1, cursor: Cursor(rawValue: raw)))
                }
            }
        },
        ContractCheck(
            "a cursor from another owner's library gives invalid input, also for owner ids that extend each other"
        ) {
            subject in
            let alice = User.ID(uniqueOwner("alice"))
            let pairs = [(alice, User.ID(uniqueOwner("bob"))), (alice, User.ID(alice.rawValue + "x"))]
            for (first, second) in pairs {
                _ = try await saveVideos(3, owner: first, tiesOf: 1, in: subject)
                _ = try await saveVideos(3, owner: second, tiesOf: 1, in: subject)
                for (owner, other) in [(first, second), (second, first)] {
                    let page = try await subject.library.videos(ownerID: owner, page: .first(1))
                    let cursor = try #require(page.nextCursor)
                    await expectInvalidInput(field: "cursor", "\(owner)'s cursor on \(other)'s library") {
                        () throws(ServiceError) in
                        try await subject.library.videos(ownerID: other, page: PageRequest(size: 1, cursor: cursor))
                    }
                }
            }
        },
        ContractCheck("a feed cursor given to the library gives invalid input", requires: [.otherListing]) { subject in
            let feed = try subject.feed()
            let author = try await feed.users.create(UserDraft(handle: uniqueHandle("author"), displayName: "Author"))
            _ = try await saveVideos(3, owner: author.id, tiesOf: 1, in: subject)
            let cursor = try await ContractCursors.feedCursor(of: author.id, in: feed.posts)
            await expectInvalidInput(field: "cursor") { () throws(ServiceError) in
                try await subject.library.videos(ownerID: author.id, page: PageRequest(size: 1, cursor: cursor))
            }
        },
        ContractCheck("well-formed cursors with a foreign or empty scope give invalid input") { subject in
            let owner = User.ID(uniqueOwner())
            let other = User.ID(uniqueOwner("other"))
            let saved = try await saveVideos(3, owner: owner, tiesOf: 1, in: subject)
            let newest = try #require(libraryOrder(saved).first)
            let foreign = ContractCursors.foreignScoped(
                ownScope: KeysetCursor.libraryScope(owner), owner: owner, other: other, after: newest.createdAt)
            for cursor in foreign {
                await expectInvalidInput(field: "cursor", "cursor scoped \(cursor.scope.debugDescription)") {
                    () throws(ServiceError) in
                    try await subject.library.videos(ownerID: owner, page: PageRequest(size: 2, cursor: cursor.cursor))
                }
            }
        },
    ]

    static let raceChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck("50 concurrent saves of different videos all land") { subject in
            let owner = User.ID(uniqueOwner())
            let saved = try await ContractRaces.concurrently(50) { index in
                try await subject.library.save(
                    makeVideo(
                        owner: owner, status: .processing,
                        createdAt: ContractClock.start.addingTimeInterval(Double(index))))
            }
            let listed = try await wholeLibrary(of: owner, pageSize: 100, in: subject)
            expectSameListing(listed, libraryOrder(saved), "the library after 50 concurrent saves")
        },
        ContractCheck("concurrent saves through two instances all land", requires: [.secondInstance]) { subject in
            let second = try await subject.secondInstance()
            let owner = User.ID(uniqueOwner())
            var saved: [Video] = []
            for round in 0..<ContractRaces.rounds {
                saved += try await ContractRaces.concurrently(20) { index in
                    let instance = index.isMultiple(of: 2) ? subject : second
                    let createdAt = ContractClock.start.addingTimeInterval(Double(round * 100 + index))
                    return try await instance.library.save(
                        makeVideo(owner: owner, status: .processing, createdAt: createdAt))
                }
                let seenByFirst = try await wholeLibrary(of: owner, pageSize: 100, in: subject)
                let seenBySecond = try await wholeLibrary(of: owner, pageSize: 100, in: second)
                expectSameListing(seenByFirst, libraryOrder(saved), "round \(round) through the first instance")
                expectSameListing(seenBySecond, libraryOrder(saved), "round \(round) through the second instance")
            }
        },
    ]
}

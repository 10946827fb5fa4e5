// scripts/remove-service deletes this file with the service it is part of: library
import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoLibraryServiceContract {
    static let listingChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck("listing is newest first with ties broken by descending id") { subject in
            let owner = User.ID(uniqueOwner())
            let saved = try await saveVideos(15, owner: owner, tiesOf: 3, in: subject)
            let page = try await subject.library.videos(ownerID: owner, page: .first(100))
            #expect(page.nextCursor == nil)
            expectSameListing(page.items, libraryOrder(saved), "the library of 15 videos in ties of 3")
        },
        ContractCheck("every walk at sizes 1, 2, 7, N, N+1 and 100 returns the whole library in full pages") {
            subject in
            let owner = User.ID(uniqueOwner())
            let count = 15
            let expected = libraryOrder(try await saveVideos(count, owner: owner, tiesOf: 3, in: subject))
            for size in pageSizes(forCount: count) {
                let walked = try await wholeLibrary(of: owner, pageSize: size, in: subject)
                expectSameListing(walked, expected, "walk at page size \(size)")
            }
        },
        ContractCheck("an empty library is one empty page with no cursor") { subject in
            let page = try await subject.library.videos(ownerID: User.ID(uniqueOwner()), page: .first(10))
            #expect(page.items.isEmpty)
            #expect(page.nextCursor == nil)
        },
        ContractCheck("two owners' videos interleaved in time stay apart on every page") { subject in
            let alice = User.ID(uniqueOwner("alice"))
            let bob = User.ID(uniqueOwner("bob"))
            var saved: [User.ID: [Video]] = [alice: [], bob: []]
            for index in 0..<24 {
                let owner = index.isMultiple(of: 2) ? alice : bob
                let video = makeVideo(
                    owner: owner, status: .processing, createdAt: ContractClock.start.addingTimeInterval(Double(index)))
                saved[owner, default: []].append(try await subject.library.save(video))
            }
            for owner in [alice, bob] {
                for size in [1, 2, 3] {
                    let walked = try await wholeLibrary(of: owner, pageSize: size, in: subject)
                    expectSameListing(walked, libraryOrder(saved[owner] ?? []), "\(owner)'s walk at size \(size)")
                }
            }
        },
    ]

    static let reopenChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck("saved videos, updates and removals survive a reopen", requires: [.reopen]) { subject in
            let owner = User.ID(uniqueOwner())
            let videos = sampleVideos(owner: owner)
            for video in videos {
                _ = try await subject.library.save(video)
            }
            try await subject.library.remove(id: videos[0].id)
            let before = try await wholeLibrary(of: owner, pageSize: 100, in: subject)
            let reopened = try await subject.reopen()
            let after = try await wholeLibrary(of: owner, pageSize: 100, in: reopened)
            expectSameListing(after, before, "the library after a reopen")
            for video in videos.dropFirst() {
                let fetched = try await reopened.library.video(id: video.id)
                #expect(fetched == video)
            }
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await reopened.library.video(id: videos[0].id)
            }
        }
    ]

    /// Saves `count` videos for `owner`, every `groupSize` sharing one `createdAt`, and returns them.
    static func saveVideos(
        _ count: Int,
        owner: User.ID,
        tiesOf groupSize: Int,
        in subject: VideoLibraryServiceSubject
    ) async throws -> [Video] {
        var saved: [Video] = []
        for index in 0..<count {
            let createdAt = ContractClock.start.addingTimeInterval(Double(index / groupSize))
            saved.append(
                try await subject.library.save(makeVideo(owner: owner, status: .processing, createdAt: createdAt)))
        }
        return saved
    }

    /// The whole library of `owner`, walked with `pageSize`.
    static func wholeLibrary(
        of owner: User.ID,
        pageSize: Int,
        in subject: VideoLibraryServiceSubject,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> [Video] {
        try await collectAll(pageSize: pageSize, sourceLocation: sourceLocation) { request throws(ServiceError) in
            try await subject.library.videos(ownerID: owner, page: request)
        }
    }
}

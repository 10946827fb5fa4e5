import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoLibraryServiceContract {
    static let listingChecks: [ContractCheck<VideoLibrarySubject>] = [
        ContractCheck("listing is newest first with complete paging at sizes 1, 5, N and N+1") { subject in
            let owner = User.ID("owner-\(UUID().uuidString)")
            let base = Date(millisecondsSince1970: 1_700_000_000_000)
            var saved: [Video] = []
            for index in 0..<12 {
                // Every third video shares its timestamp with the previous one, to exercise ties.
                let offset = TimeInterval(index - (index % 3 == 2 ? 1 : 0))
                saved.append(
                    try await subject.library.save(
                        makeVideo(owner: owner, status: .processing, createdAt: base + offset)))
            }
            for size in [1, 5, 12, 13] {
                let listed = try await collectAll(pageSize: size) { request throws(ServiceError) in
                    try await subject.library.videos(ownerID: owner, page: request)
                }
                #expect(listed.count == 12, "page size \(size)")
                #expect(Set(listed.map(\.id)) == Set(saved.map(\.id)), "page size \(size)")
                expectNewestFirst(listed, date: \.createdAt, id: \.id)
            }
        },
        ContractCheck("listings are isolated per owner") { subject in
            let alice = User.ID("alice-\(UUID().uuidString)")
            let bob = User.ID("bob-\(UUID().uuidString)")
            let aliceVideo = try await subject.library.save(makeVideo(owner: alice, status: .processing))
            let bobVideo = try await subject.library.save(makeVideo(owner: bob, status: .processing))
            #expect(try await subject.library.videos(ownerID: alice, page: .first(10)).items == [aliceVideo])
            #expect(try await subject.library.videos(ownerID: bob, page: .first(10)).items == [bobVideo])
        },
        ContractCheck("invalid page size, garbled or foreign cursor gives invalid input") { subject in
            let alice = User.ID("alice-\(UUID().uuidString)")
            let bob = User.ID("bob-\(UUID().uuidString)")
            for _ in 0..<3 {
                _ = try await subject.library.save(makeVideo(owner: alice, status: .processing))
            }
            for size in [0, 101] {
                await expectInvalidInput(field: "pageSize") { () throws(ServiceError) in
                    try await subject.library.videos(ownerID: alice, page: PageRequest(size: size))
                }
            }
            await expectInvalidInput(field: "cursor") { () throws(ServiceError) in
                try await subject.library.videos(
                    ownerID: alice, page: PageRequest(size: 1, cursor: Cursor(rawValue: "garbled")))
            }
            let first = try await subject.library.videos(ownerID: alice, page: .first(1))
            let cursor = try #require(first.nextCursor)
            await expectInvalidInput(field: "cursor") { () throws(ServiceError) in
                try await subject.library.videos(ownerID: bob, page: PageRequest(size: 1, cursor: cursor))
            }
        },
    ]

    static let reopenChecks: [ContractCheck<VideoLibrarySubject>] = [
        ContractCheck("saved videos, updates and removals survive a reopen", requires: [.reopen]) { subject in
            let owner = User.ID("owner-\(UUID().uuidString)")
            let videos = sampleVideos(owner: owner)
            for video in videos {
                _ = try await subject.library.save(video)
            }
            try await subject.library.remove(id: videos[0].id)
            let before = try await subject.library.videos(ownerID: owner, page: .first(100)).items
            let reopened = try await subject.reopen()
            #expect(try await reopened.library.videos(ownerID: owner, page: .first(100)).items == before)
            for video in videos.dropFirst() {
                #expect(try await reopened.library.video(id: video.id) == video)
            }
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await reopened.library.video(id: videos[0].id)
            }
        }
    ]
}

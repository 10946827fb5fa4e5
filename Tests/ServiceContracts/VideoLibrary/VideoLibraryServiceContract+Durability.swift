// scripts/remove-service deletes this file with the service it is part of: library
import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoLibraryServiceContract {
    static let durabilityChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck(
            "every acknowledged save, update and removal survives a crash at the next write",
            requires: [.crashRecovery]
        ) { subject in
            let owner = User.ID(uniqueOwner())
            var kept: [Video] = []
            for video in sampleVideos(owner: owner) { kept.append(try await subject.library.save(video)) }
            try await subject.library.remove(id: kept[0].id)
            kept.removeFirst()
            var update = kept[0]
            update.status = .failed(reason: "updated at the crash")
            try await subject.armCrash()
            // After the crash is armed, a change counts only if it was acknowledged.
            let updated = try? await subject.library.save(update)
            let removed = (try? await subject.library.remove(id: kept[1].id)) != nil
            #expect(try await subject.hasCrashed(), "a save after the crash was armed wrote nothing durable")
            let recovered = try await subject.recoverFromCrash()
            var expected = kept
            if let updated { expected[0] = updated }
            if removed { expected.remove(at: 1) }
            let listed = try await wholeLibrary(of: owner, pageSize: 100, in: recovered)
            expectSameListing(listed, libraryOrder(expected), "the library after a crash at the next write")
        },
        ContractCheck(
            "unreadable data stops start with an error naming it, and nothing is created or changed",
            requires: [.unreadableStore]
        ) { subject in
            for video in sampleVideos(owner: User.ID(uniqueOwner())) { _ = try await subject.library.save(video) }
            ContractStoreChecks.expectRefused(try await subject.startOnUnreadableStore())
        },
        ContractCheck(
            "a listing that starts after a save returned shows it, while an older identical listing is in flight",
            requires: [.heldReads]
        ) { subject in
            let library = subject.library
            let owner = User.ID(uniqueOwner())
            _ = try await library.save(makeVideo(owner: owner, status: .processing))
            let newer = makeVideo(
                owner: owner, status: .processing, createdAt: ContractClock.start.addingTimeInterval(60))
            let read: @Sendable () async throws -> Page<Video> = {
                try await library.videos(ownerID: owner, page: .first(10))
            }
            let page = try await ContractStoreChecks.readAfterWrite(
                held: try subject.heldReads(), first: read, write: { _ = try await library.save(newer) }, second: read)
            #expect(page.items.first == newer, "the listing after the save showed \(page.items.map(\.id))")
        },
    ]

    static let formatChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck(
            "a store in the documented format reads as the videos it documents", requires: [.documentedFormat]
        ) { subject in
            let format = try subject.documentedFormat()
            let opened = try await format.openSample()
            #expect(!format.sample.videos.isEmpty, "the sample \(format.sample.name) documents no videos")
            for video in format.sample.videos {
                #expect(
                    try await opened.library.video(id: video.id) == video, "video \(video.id) of \(format.sample.name)")
            }
            for owner in Set(format.sample.videos.map(\.ownerID)) {
                let expected = libraryOrder(format.sample.videos.filter { $0.ownerID == owner })
                let listed = try await wholeLibrary(of: owner, pageSize: 100, in: opened)
                expectSameListing(listed, expected, "the library of \(owner) in \(format.sample.name)")
            }
        },
        ContractCheck("the videos the store writes have the documented format", requires: [.documentedFormat]) {
            subject in
            let format = try subject.documentedFormat()
            for video in format.sample.videos {
                _ = try await subject.library.save(
                    Video(
                        id: Video.ID("video-\(UUID().uuidString)"), ownerID: video.ownerID, title: video.title,
                        duration: video.duration, status: video.status, createdAt: video.createdAt))
            }
            let written = try await format.shape(try await format.document(), .library)
            let documented = try await format.shape(format.sample.contents, .library)
            #expect(written == documented, "written videos differ from \(format.sample.name)")
        },
    ]
}

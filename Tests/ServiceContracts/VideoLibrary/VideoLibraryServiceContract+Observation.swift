// scripts/remove-service deletes this file with the service it is part of: library
import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoLibraryServiceContract {
    static let observationChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck("an observed library starts with the current first page") { subject in
            let owner = User.ID("owner-\(UUID().uuidString)")
            for video in sampleVideos(owner: owner) { _ = try await subject.library.save(video) }
            let expected = try await subject.library.videos(ownerID: owner, page: .first(2))
            let probe = ObservationProbe(subject.library.observeVideos(ownerID: owner, pageSize: 2))
            let first = try await probe.next("first value")
            #expect(first.items == expected.items)
            #expect(first.hasMore == expected.hasMore)
        },
        ContractCheck("a save, a status update and a removal through the same service are each seen") { subject in
            try await expectChangesSeen(writingThrough: subject, observing: subject)
        },
        ContractCheck(
            "a save, a status update and a removal through a second instance are each seen",
            requires: [.secondInstance]
        ) { subject in
            try await expectChangesSeen(writingThrough: try await subject.secondInstance(), observing: subject)
        },
        ContractCheck("an observer of one owner gets nothing for another owner's videos within a second") {
            subject in
            let watched = User.ID("watched-\(UUID().uuidString)")
            let other = User.ID("other-\(UUID().uuidString)")
            let probe = ObservationProbe(subject.library.observeVideos(ownerID: watched, pageSize: 5))
            let first = try await probe.next("first value")
            #expect(first.items.isEmpty)
            for video in sampleVideos(owner: other) { _ = try await subject.library.save(video) }
            let unexpected = await probe.anything(within: ObservationWaits.quietWindow)
            #expect(
                unexpected == nil,
                "the observer of one owner was woken by another's videos: \(String(describing: unexpected))")
            // Fenced rounds: another owner's video, then one of the watched owner's; the value that
            // shows the watched video must be the only one delivered for the round.
            for round in 0..<5 {
                _ = try await subject.library.save(makeVideo(owner: other, status: .processing))
                let own = try await subject.library.save(makeVideo(owner: watched, status: .processing))
                let seen = try await probe.values(
                    until: { $0.items.contains(own) }, "the watched owner's video \(round)")
                #expect(seen.count == 1, "round \(round): \(seen.count) values for one video of the watched owner")
            }
        },
        ContractCheck(
            "cancelling a library observer ends the observation and leaves nothing running",
            requires: [.observerCount]
        ) { subject in
            let before = try await subject.observerCount()
            let probe = ObservationProbe(subject.library.observeVideos(ownerID: "owner-cancel", pageSize: 5))
            _ = try await probe.next("first value")
            let running = try await subject.observerCount()
            #expect(running > before, "the running observation is not counted")
            probe.cancel()
            let ended = await probe.nextEvent()
            #expect(ended?.isFinished == true, "the cancelled observation did not end: \(String(describing: ended))")
            let remaining = try await ContractWaits.value(of: { try await subject.observerCount() }, reaches: before)
            #expect(remaining == before, "\(remaining - before) observation(s) still running after cancellation")
        },
    ]

    /// Saves, updates the status of and removes a video through `writer`, and expects `observer`'s
    /// observation of the library to show each.
    private static func expectChangesSeen(
        writingThrough writer: VideoLibraryServiceSubject,
        observing observer: VideoLibraryServiceSubject
    ) async throws {
        let owner = User.ID("owner-\(UUID().uuidString)")
        let probe = ObservationProbe(observer.library.observeVideos(ownerID: owner, pageSize: 5))
        let first = try await probe.next("first value")
        #expect(first.items.isEmpty)
        var video = try await writer.library.save(makeVideo(owner: owner, status: .processing))
        let saved = video
        let afterSave = try await probe.values(until: { $0.items.contains { $0.id == saved.id } }, "the saved video")
        #expect(afterSave.last?.items == [video])
        video.status = .ready(playbackURL: URL(string: "https://cdn.example.com/v/1.m3u8")!)
        video = try await writer.library.save(video)
        let afterUpdate = try await probe.values(
            until: { $0.items.first?.status != .processing }, "the video's new status")
        #expect(afterUpdate.last?.items == [video])
        try await writer.library.remove(id: video.id)
        let removed = video
        let afterRemove = try await probe.values(
            until: { !$0.items.contains { $0.id == removed.id } }, "the video gone after removal")
        #expect(afterRemove.last?.items == [])
    }
}

// scripts/remove-service deletes this file with the service it is part of: library
import Foundation
import Models
import Services
import TestSupport
import Testing

/// The rules every `VideoLibraryService` must keep, as named checks.
public enum VideoLibraryServiceContract: ServiceContract {
    /// Every check; names are stable and unique.
    public static let checks: [ContractCheck<VideoLibraryServiceSubject>] =
        storageChecks + validationChecks + listingChecks + cursorChecks + raceChecks + reopenChecks
        + observationChecks + durabilityChecks + formatChecks

    static let storageChecks: [ContractCheck<VideoLibraryServiceSubject>] = [
        ContractCheck("save then fetch round-trips every status, duration and URL") { subject in
            for video in sampleVideos(owner: User.ID(uniqueOwner())) {
                let saved = try await subject.library.save(video)
                let fetched = try await subject.library.video(id: video.id)
                #expect(saved == video)
                #expect(fetched == video)
            }
        },
        ContractCheck("playback URLs with percent-encoded reserved characters round-trip byte for byte") { subject in
            let owner = User.ID(uniqueOwner())
            for text in ContractURLs.playbackSamples {
                let url = try ContractURLs.url(text)
                let video = makeVideo(owner: owner, status: .ready(playbackURL: url))
                _ = try await subject.library.save(video)
                let fetched = try await subject.library.video(id: video.id)
                #expect(fetched.status.playbackURL?.absoluteString == text)
                #expect(fetched == video)
            }
        },
        ContractCheck("every status transition round-trips with nothing left of the previous status") { subject in
            let owner = User.ID(uniqueOwner())
            var video = makeVideo(owner: owner, status: .processing)
            let steps: [(Video.Status, Duration?)] = [
                (.processing, nil),
                (.failed(reason: "upload interrupted"), nil),
                (
                    .ready(playbackURL: try ContractURLs.url("https://cdn.example.com/v/1.m3u8?token=a%2Bb")),
                    .milliseconds(61_250)
                ),
                (.failed(reason: "takedown: rights expired"), .milliseconds(61_250)),
                (.processing, nil),
            ]
            for (step, (status, duration)) in steps.enumerated() {
                video.status = status
                video.duration = duration
                let saved = try await subject.library.save(video)
                let fetched = try await subject.library.video(id: video.id)
                let listed = try await subject.library.videos(ownerID: owner, page: .first(10)).items
                #expect(saved == video, "step \(step): \(status)")
                #expect(fetched == video, "step \(step): \(status)")
                #expect(listed == [video], "step \(step): \(status)")
            }
        },
        ContractCheck("saving the same id updates rather than duplicates") { subject in
            let owner = User.ID(uniqueOwner())
            var video = makeVideo(owner: owner, status: .processing)
            _ = try await subject.library.save(video)
            video.title = "Renamed"
            video.status = .ready(playbackURL: try ContractURLs.url("https://cdn.example.com/v/1.m3u8?token=abc"))
            video.duration = .milliseconds(61_250)
            _ = try await subject.library.save(video)
            let fetched = try await subject.library.video(id: video.id)
            let listing = try await subject.library.videos(ownerID: owner, page: .first(10)).items
            #expect(fetched == video)
            #expect(listing == [video])
        },
        ContractCheck("titles are trimmed where they are returned, fetched and listed") { subject in
            let owner = User.ID(uniqueOwner())
            var video = makeVideo(owner: owner, status: .processing)
            video.title = "  Holiday in Kyoto \n"
            let saved = try await subject.library.save(video)
            let fetched = try await subject.library.video(id: video.id)
            let listed = try await subject.library.videos(ownerID: owner, page: .first(10)).items
            #expect(saved.title == "Holiday in Kyoto")
            #expect(fetched.title == "Holiday in Kyoto")
            #expect(listed.map(\.title) == ["Holiday in Kyoto"])
        },
        ContractCheck("remove then fetch gives not found; a second remove too") { subject in
            let video = makeVideo(owner: User.ID(uniqueOwner()), status: .processing)
            _ = try await subject.library.save(video)
            try await subject.library.remove(id: video.id)
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.library.video(id: video.id)
            }
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.library.remove(id: video.id)
            }
            let listing = try await subject.library.videos(ownerID: video.ownerID, page: .first(10))
            #expect(listing.items.isEmpty)
        },
        ContractCheck("unknown id gives not found") { subject in
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.library.video(id: "no-such-video")
            }
        },
    ]

    /// A video owned by `owner` with a fresh id and a title that passes validation.
    static func makeVideo(
        owner: User.ID,
        status: Video.Status,
        createdAt: Date = ContractClock.start,
        duration: Duration? = nil
    ) -> Video {
        Video(
            id: Video.ID("video-\(UUID().uuidString)"),
            ownerID: owner,
            title: "Clip",
            duration: duration,
            status: status,
            createdAt: createdAt
        )
    }

    /// Videos covering every status, sub-second durations, query strings and non-ASCII text.
    static func sampleVideos(owner: User.ID) -> [Video] {
        let base = Date(millisecondsSince1970: 1_700_000_000_123)
        return [
            makeVideo(owner: owner, status: .processing, createdAt: base, duration: nil),
            makeVideo(
                owner: owner,
                status: .ready(playbackURL: URL(string: ContractURLs.playbackSamples[3])!),
                createdAt: base.addingTimeInterval(1),
                duration: .milliseconds(250)
            ),
            makeVideo(
                owner: owner,
                status: .ready(playbackURL: URL(string: ContractURLs.playbackSamples[4])!),
                createdAt: base.addingTimeInterval(2),
                duration: .milliseconds(3_600_125)
            ),
            makeVideo(
                owner: owner,
                status: .failed(reason: "Codec nicht unterstützt — 不支持"),
                createdAt: base.addingTimeInterval(3),
                duration: .milliseconds(1)
            ),
        ]
    }
}

/// `videos` in listing order: newest first, ties broken by descending id.
func libraryOrder(_ videos: [Video]) -> [Video] {
    newestFirst(videos, date: \.createdAt, id: \.id)
}

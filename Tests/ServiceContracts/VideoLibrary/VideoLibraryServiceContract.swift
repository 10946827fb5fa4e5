import Foundation
import Models
import Services
import TestSupport
import Testing

/// The rules every `VideoLibraryService` must keep, as named checks.
public enum VideoLibraryServiceContract: ServiceContract {
    /// Every check; names are stable and unique.
    public static let checks: [ContractCheck<VideoLibrarySubject>] = storageChecks + listingChecks + reopenChecks

    static let storageChecks: [ContractCheck<VideoLibrarySubject>] = [
        ContractCheck("save then fetch round-trips every status, duration and URL") { subject in
            for video in sampleVideos(owner: User.ID("owner-\(UUID().uuidString)")) {
                let saved = try await subject.library.save(video)
                #expect(saved == video)
                #expect(try await subject.library.video(id: video.id) == video)
            }
        },
        ContractCheck("saving the same id updates rather than duplicates") { subject in
            let owner = User.ID("owner-\(UUID().uuidString)")
            var video = makeVideo(owner: owner, status: .processing)
            _ = try await subject.library.save(video)
            video.title = "Renamed"
            video.status = .ready(playbackURL: URL(string: "https://cdn.example.com/v/1.m3u8?token=abc")!)
            video.duration = .milliseconds(61_250)
            _ = try await subject.library.save(video)
            #expect(try await subject.library.video(id: video.id) == video)
            let listing = try await subject.library.videos(ownerID: owner, page: .first(10)).items
            #expect(listing == [video])
        },
        ContractCheck("remove then fetch gives not found; a second remove too") { subject in
            let video = makeVideo(owner: User.ID("owner-\(UUID().uuidString)"), status: .processing)
            _ = try await subject.library.save(video)
            try await subject.library.remove(id: video.id)
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.library.video(id: video.id)
            }
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.library.remove(id: video.id)
            }
            #expect(try await subject.library.videos(ownerID: video.ownerID, page: .first(10)).items.isEmpty)
        },
        ContractCheck("unknown id gives not found") { subject in
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.library.video(id: "no-such-video")
            }
        },
        ContractCheck("invalid title or negative duration gives invalid input and stores nothing") { subject in
            let owner = User.ID("owner-\(UUID().uuidString)")
            for title in ["", "  ", String(repeating: "t", count: 121), "line\nbreak"] {
                var video = makeVideo(owner: owner, status: .processing)
                video.title = title
                await expectInvalidInput(field: "title", "title \(title.debugDescription.prefix(20))") {
                    () throws(ServiceError) in
                    try await subject.library.save(video)
                }
            }
            var negative = makeVideo(owner: owner, status: .processing)
            negative.duration = .seconds(-1)
            await expectInvalidInput(field: "duration") { () throws(ServiceError) in
                try await subject.library.save(negative)
            }
            let listing = try await subject.library.videos(ownerID: owner, page: .first(10))
            #expect(listing.items.isEmpty)
        },
    ]

    /// A video owned by `owner` with a fresh id and a title that passes validation.
    static func makeVideo(
        owner: User.ID,
        status: Video.Status,
        createdAt: Date = Date(),
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

    /// Videos covering every status, sub-second durations, query strings and non-ASCII paths.
    static func sampleVideos(owner: User.ID) -> [Video] {
        let base = Date(millisecondsSince1970: 1_700_000_000_123)
        return [
            makeVideo(owner: owner, status: .processing, createdAt: base, duration: nil),
            makeVideo(
                owner: owner,
                status: .ready(
                    playbackURL: URL(string: "https://cdn.example.com/vidéos/été%202024.m3u8?token=a+b&lang=fr")!),
                createdAt: base.addingTimeInterval(1),
                duration: .milliseconds(250)
            ),
            makeVideo(
                owner: owner,
                status: .ready(playbackURL: URL(string: "https://例え.jp/動画/1.mp4")!),
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

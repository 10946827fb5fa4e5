import Foundation
import MockVideoHostIntegration
import Models
import Services
import TestSupport
import Testing

@Suite("Mock video host: mapping HostedMedia to Video")
struct VideoHostedMediaMappingTests {
    private static let createdAt = Date(timeIntervalSince1970: 1_700_000_000.123)
    private static let playback = URL(string: "https://stream.mediahost.example/med_1/manifest.m3u8")!

    private static func media(
        state: String,
        durationSeconds: String = "",
        playbackURL: URL? = nil,
        errorMessage: String? = nil
    ) -> HostedMedia {
        HostedMedia(
            mediaID: "med_1",
            title: "Holiday",
            fileName: "holiday.mp4",
            state: state,
            durationSeconds: durationSeconds,
            playbackURL: playbackURL,
            byteSize: 1_000,
            sha256: "abc",
            createdAt: createdAt,
            errorMessage: errorMessage
        )
    }

    @Test("Mock video host: ready media maps to a ready video with its duration and playback URL")
    func readyMedia() throws {
        // Given ready media with a duration string
        let media = Self.media(state: "ready", durationSeconds: "12.345", playbackURL: Self.playback)

        // When mapping it
        let video = try Video(media, ownerID: "u1")

        // Then every field carries over
        #expect(video.id == "med_1")
        #expect(video.ownerID == "u1")
        #expect(video.title == "Holiday")
        #expect(video.duration == .milliseconds(12_345))
        #expect(video.status == .ready(playbackURL: Self.playback))
        #expect(video.createdAt == Self.createdAt.roundedToMilliseconds)
    }

    @Test("Mock video host: uploading and processing media map to a processing video without duration")
    func processingMedia() throws {
        for state in ["uploading", "processing"] {
            // Given media still being handled / When mapping it
            let video = try Video(Self.media(state: state), ownerID: "u1")

            // Then it is processing with no duration yet
            #expect(video.status == .processing, "state \(state)")
            #expect(video.duration == nil, "state \(state)")
        }
    }

    @Test("Mock video host: errored media maps to a failed video with the host's message")
    func erroredMedia() throws {
        // Given errored media / When mapping it
        let video = try Video(Self.media(state: "errored", errorMessage: "bad codec"), ownerID: "u1")

        // Then
        #expect(video.status == .failed(reason: "bad codec"))
    }

    @Test(
        "Mock video host: media the app cannot understand gives corrupt data",
        arguments: [
            ("transcoding", "", true),
            ("ready", "", false),
            ("processing", "ten", true),
            ("processing", "-1", true),
            ("processing", "1e3", true),
            ("processing", "99999999999999999", true),
        ]
    )
    func corruptMedia(state: String, durationSeconds: String, hasPlaybackURL: Bool) async {
        // Given media with an unknown state, a ready state without URL, or a malformed duration
        let media = Self.media(
            state: state, durationSeconds: durationSeconds, playbackURL: hasPlaybackURL ? Self.playback : nil)

        // When mapping it / Then
        await expectServiceError(.corruptData) { () throws(ServiceError) in try Video(media, ownerID: "u1") }
    }
}

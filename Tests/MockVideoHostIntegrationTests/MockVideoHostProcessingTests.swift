import Foundation
import Models
import Services
import TestSupport
import Testing

@Suite("Mock video host: storage and processing")
struct MockVideoHostProcessingTests {
    @Test("Mock video host: the stored file is a whole copy and no partial file remains")
    func storedCopy() async throws {
        // Given a 3.5 MiB file (several chunks, the last one short)
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 3 * 1_048_576 + 524_288)

        // When uploading it
        let hosted = try await harness.service.upload(VideoUpload(fileURL: file, title: "Copy", ownerID: "u1")) { _ in }

        // Then the storage directory holds the bytes, equal to the source, and the record, and nothing else
        let names = try FileManager.default.contentsOfDirectory(atPath: harness.storageDirectory.path).sorted()
        let id = hosted.video.id.rawValue
        #expect(names == ["\(id).json", "\(id).media"])
        let stored = harness.storageDirectory.appendingPathComponent("\(id).media")
        #expect(try Data(contentsOf: stored) == (try Data(contentsOf: file)))
    }

    @Test("Mock video host: processing is not finished before its time proportional to the size")
    func processingTakesTime() async throws {
        // Given an upload of 16 MiB: 2 s plus 2 s at 8 MiB/s
        let harness = try await MockVideoHostHarness()
        let file = try harness.sampleFile(byteCount: 16 * 1_048_576)
        let hosted = try await harness.service.upload(VideoUpload(fileURL: file, title: "Slow", ownerID: "u1")) { _ in }

        // When the clock advances just short of that, then to it
        harness.clock.advance(by: .milliseconds(3_999))
        let before = try await harness.service.hostedVideo(id: hosted.video.id).video
        harness.clock.advance(by: .milliseconds(1))
        let after = try await harness.service.hostedVideo(id: hosted.video.id).video

        // Then it was processing, and is ready with a duration afterwards
        #expect(before.status == .processing)
        #expect(after.status.playbackURL != nil)
        #expect(after.duration == .milliseconds(33_554))
    }

    @Test("Mock video host: injected processing failure ends in a failed video")
    func processingFailure() async throws {
        // Given a host whose processing always fails
        let harness = try await MockVideoHostHarness(processingFailureRate: 1)
        let file = try harness.sampleFile(byteCount: 10_000)
        let hosted = try await harness.service.upload(VideoUpload(fileURL: file, title: "Broken", ownerID: "u1")) { _ in
        }

        // When processing time has passed
        harness.clock.advance(by: .seconds(60))
        let status = try await harness.service.hostedVideo(id: hosted.video.id).video.status

        // Then the video failed with the host's reason
        guard case .failed(let reason) = status else {
            Issue.record("expected a failed video, got \(status)")
            return
        }
        #expect(!reason.isEmpty)
    }

    @Test("Mock video host: an injected request failure gives unavailable with a retry delay")
    func requestFailure() async throws {
        // Given a host that refuses every call
        let harness = try await MockVideoHostHarness(requestFailureRate: 1)

        // When asking for a video / Then
        let error = await expectServiceError(.unavailable) { () throws(ServiceError) in
            try await harness.service.hostedVideo(id: "med_0")
        }
        #expect(
            error == .unavailable(reason: "the mock video host is busy: try again in a moment", retryAfter: .seconds(1))
        )
    }

    @Test("Mock video host: the same seed gives the same video ids")
    func seededIDs() async throws {
        // Given two hosts with the same seed
        let first = try await MockVideoHostHarness(seed: 7)
        let second = try await MockVideoHostHarness(seed: 7)
        let file = try first.sampleFile(byteCount: 1_000)

        // When each receives one upload
        let upload = VideoUpload(fileURL: file, title: "Seeded", ownerID: "u1")
        let a = try await first.service.upload(upload) { _ in }
        let b = try await second.service.upload(upload) { _ in }

        // Then their ids match
        #expect(a.video.id == b.video.id)
    }

    @Test("Mock video host: a call waits for the simulated latency on the injected clock")
    func latency() async throws {
        // Given a host with 2 s of latency
        let harness = try await MockVideoHostHarness(latency: .seconds(2))
        let lookup = Task { () async throws(ServiceError) -> HostedVideo in
            try await harness.service.hostedVideo(id: "med_0")
        }

        // When the call is parked on the clock and the clock advances
        try await harness.clock.waitForSleepers(1)
        #expect(harness.clock.sleeperCount == 1, "the call waited on the clock more than once")
        harness.clock.advance(by: .seconds(2))

        // Then it completes (with not found: the host is empty)
        let result = await lookup.result
        #expect(throws: ServiceError.notFound(what: "hosted video med_0")) { try result.get() }
    }
}

// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoHostingServiceContract {
    static let processingChecks: [ContractCheck<VideoHostingServiceSubject>] = [
        ContractCheck("processing ends ready with a playback URL", requires: [.controlledClock]) { subject in
            let hosted = try await uploadSample(to: subject, title: "Processing")
            let status = try await finalStatus(of: hosted.video.id, in: subject)
            #expect(status.playbackURL != nil, "final status: \(status)")
        },
        ContractCheck(
            "processing can fail: the video ends failed with the host's reason, and stays failed",
            requires: [.controlledClock, .failableProcessing]
        ) { subject in
            try await subject.failProcessing()
            let hosted = try await uploadSample(to: subject, title: "Doomed")
            #expect(hosted.video.status == .processing)
            let status = try await finalStatus(of: hosted.video.id, in: subject)
            guard case .failed(let reason) = status else {
                Issue.record("processing that was told to fail ended \(status)")
                return
            }
            #expect(!TextRules.trimmed(reason).isEmpty, "a failed video must say why")
            await subject.advanceClock(by: .seconds(3_600))
            let later = try await subject.hosting.hostedVideo(id: hosted.video.id)
            #expect(later.video.status == status, "a failed video changed status later")
        },
    ]

    static let processingUpdateChecks: [ContractCheck<VideoHostingServiceSubject>] = [
        ContractCheck(
            "processing updates start with the current state and end after ready", requires: [.controlledClock]
        ) { subject in
            let hosted = try await uploadSample(to: subject, title: "Watched")
            let probe = ObservationProbe(subject.hosting.processingUpdates(id: hosted.video.id))
            let first = try await probe.next("the current state")
            #expect(first == (try await subject.hosting.hostedVideo(id: hosted.video.id)))
            let final = try await advancingClock(in: subject, of: hosted.video.id, until: probe)
            #expect(final.video.status.playbackURL != nil, "processing ended \(final.video.status)")
            #expect(final == (try await subject.hosting.hostedVideo(id: hosted.video.id)))
            let after = await probe.nextEvent()
            #expect(after?.isFinished == true, "processing updates went on after ready: \(String(describing: after))")
        },
        ContractCheck(
            "processing updates end after failed, with the host's reason",
            requires: [.controlledClock, .failableProcessing]
        ) { subject in
            try await subject.failProcessing()
            let hosted = try await uploadSample(to: subject, title: "Doomed")
            let probe = ObservationProbe(subject.hosting.processingUpdates(id: hosted.video.id))
            _ = try await probe.next("the current state")
            let final = try await advancingClock(in: subject, of: hosted.video.id, until: probe)
            guard case .failed(let reason) = final.video.status else {
                Issue.record("processing that was told to fail ended \(final.video.status)")
                return
            }
            #expect(!TextRules.trimmed(reason).isEmpty, "a failed video must say why")
            let after = await probe.nextEvent()
            #expect(after?.isFinished == true, "processing updates went on after failed: \(String(describing: after))")
        },
        ContractCheck("processing updates of an unknown video fail with not found") { subject in
            let probe = ObservationProbe(subject.hosting.processingUpdates(id: "no-such-video"))
            let event = await probe.nextEvent()
            #expect(event?.failure?.kind == .notFound, "\(String(describing: event))")
        },
    ]

    /// Advances the host's clock a minute at a time until the video's status is final (at most
    /// 1,000 simulated minutes), then returns the final value `probe` delivers: every wait is for
    /// an event, so a busy machine only makes it slower.
    static func advancingClock(
        in subject: VideoHostingServiceSubject,
        of id: Video.ID,
        until probe: ObservationProbe<HostedVideo>
    ) async throws -> HostedVideo {
        _ = try await finalStatus(of: id, in: subject)
        let seen = try await probe.values(until: { $0.video.status.isFinal }, "a final status")
        return seen[seen.count - 1]
    }

    /// Uploads a 100 KB sample file titled `title` for `owner-1`.
    static func uploadSample(to subject: VideoHostingServiceSubject, title: String) async throws -> HostedVideo {
        let files = try TemporaryDirectory(prefix: "contract-processing")
        let file = try SampleFile.make(in: files.url, byteCount: 100_000)
        return try await subject.hosting.upload(
            VideoUpload(fileURL: file, title: title, ownerID: "owner-1"),
            progress: { _ in }
        )
    }

    /// Advances the host's clock a minute at a time until the video's status is final (at most
    /// 1,000 simulated minutes) and returns it.
    static func finalStatus(of id: Video.ID, in subject: VideoHostingServiceSubject) async throws -> Video.Status {
        var status = try await subject.hosting.hostedVideo(id: id).video.status
        var steps = 0
        while !status.isFinal, steps < 1_000 {
            await subject.advanceClock(by: .seconds(60))
            status = try await subject.hosting.hostedVideo(id: id).video.status
            steps += 1
        }
        return status
    }

    static let reopenChecks: [ContractCheck<VideoHostingServiceSubject>] = [
        ContractCheck(
            "hosted videos survive a restart and keep processing on the host's clock",
            requires: [.reopen, .controlledClock]
        ) { subject in
            let hosted = try await uploadSample(to: subject, title: "Kept")
            let reopened = try await subject.reopen()
            let read = try await reopened.hosting.hostedVideo(id: hosted.video.id)
            #expect(read.video.id == hosted.video.id)
            #expect(read.video.ownerID == hosted.video.ownerID)
            #expect(read.video.title == hosted.video.title)
            #expect(read.video.createdAt == hosted.video.createdAt)
            #expect(read.byteCount == hosted.byteCount)
            #expect(read.sha256 == hosted.sha256)
            let status = try await finalStatus(of: hosted.video.id, in: reopened)
            #expect(status.playbackURL != nil, "after a restart processing ended \(status)")
        }
    ]
}

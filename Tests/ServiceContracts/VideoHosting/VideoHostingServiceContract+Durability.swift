// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import Models
import Services
import TestSupport
import Testing

extension VideoHostingServiceContract {
    static let durabilityChecks: [ContractCheck<VideoHostingServiceSubject>] = [
        ContractCheck(
            "every acknowledged upload and delete survives a crash at the next write", requires: [.crashRecovery]
        ) { subject in
            let kept = try await uploadSample(to: subject, title: "Kept")
            let doomed = try await uploadSample(to: subject, title: "Deleted at the crash")
            try await subject.armCrash()
            // After the crash is armed, a change counts only if it was acknowledged.
            let deleted = (try? await subject.hosting.delete(id: doomed.video.id)) != nil
            let late = try? await uploadSample(to: subject, title: "Uploaded at the crash")
            #expect(try await subject.hasCrashed(), "a delete after the crash was armed wrote nothing durable")
            let recovered = try await subject.recoverFromCrash()
            #expect(try await recovered.hosting.hostedVideo(id: kept.video.id).sha256 == kept.sha256)
            if deleted {
                await expectServiceError(.notFound, "an acknowledged delete came back") { () throws(ServiceError) in
                    try await recovered.hosting.hostedVideo(id: doomed.video.id)
                }
            }
            if let late {
                #expect(
                    try await recovered.hosting.hostedVideo(id: late.video.id).sha256 == late.sha256,
                    "an acknowledged upload was lost")
            }
        },
        ContractCheck(
            "a processed video reports its running time to the millisecond",
            requires: [.knownDuration, .controlledClock]
        ) { subject in
            // A size whose running time has a fraction of a second, so a mapping that drops it shows.
            var byteCount: Int64 = 1_234_567
            while try subject.expectedDuration(byteCount: byteCount).components.attoseconds == 0 { byteCount += 1 }
            let expected = try subject.expectedDuration(byteCount: byteCount)
            let files = try TemporaryDirectory(prefix: "contract-duration")
            let file = try SampleFile.make(in: files.url, byteCount: Int(byteCount))
            let hosted = try await subject.hosting.upload(
                VideoUpload(fileURL: file, title: "Timed", ownerID: "owner-1"), progress: { _ in })
            let status = try await finalStatus(of: hosted.video.id, in: subject)
            #expect(status.playbackURL != nil, "processing ended \(status)")
            let read = try await subject.hosting.hostedVideo(id: hosted.video.id)
            #expect(read.video.duration == expected, "a file of \(byteCount) bytes runs \(expected)")
        },
    ]

    static let formatChecks: [ContractCheck<VideoHostingServiceSubject>] = [
        ContractCheck(
            "a host holding a record in the documented format reads it as the video it documents",
            requires: [.documentedFormat]
        ) { subject in
            let format = try subject.documentedFormat()
            let opened = try await format.openSample()
            #expect(!format.sample.videos.isEmpty, "the sample \(format.sample.name) documents no video")
            for video in format.sample.videos {
                #expect(
                    try await opened.hosting.hostedVideo(id: video.id).video == video,
                    "video \(video.id) of \(format.sample.name)")
            }
        },
        ContractCheck("the records the host writes have the documented format", requires: [.documentedFormat]) {
            subject in
            let format = try subject.documentedFormat()
            _ = try await uploadSample(to: subject, title: "Documented")
            let written = try await format.shape(try await format.document(), .hosting)
            let documented = try await format.shape(format.sample.contents, .hosting)
            #expect(written == documented, "the written record differs from \(format.sample.name)")
        },
    ]
}

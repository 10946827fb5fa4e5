// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import Models
import Services
import TestSupport
import Testing

/// The rules every `VideoHostingService` must keep, as named checks.
public enum VideoHostingServiceContract: ServiceContract {
    /// Every check; names are stable and unique.
    public static let checks: [ContractCheck<VideoHostingServiceSubject>] =
        uploadChecks + processingChecks + processingUpdateChecks + badInputChecks + lifecycleChecks + reopenChecks
        + durabilityChecks + formatChecks

    static let uploadChecks: [ContractCheck<VideoHostingServiceSubject>] = [
        ContractCheck("upload returns a processing video with the file's size and SHA-256") { subject in
            let files = try TemporaryDirectory(prefix: "contract-upload")
            let file = try SampleFile.make(in: files.url, byteCount: 300_000)
            let owner: User.ID = "owner-1"
            let hosted = try await subject.hosting.upload(
                VideoUpload(fileURL: file, title: "  Holiday  ", ownerID: owner),
                progress: { _ in }
            )
            #expect(!hosted.video.id.rawValue.isEmpty)
            #expect(hosted.video.status == .processing)
            #expect(hosted.video.title == "Holiday")
            #expect(hosted.video.ownerID == owner)
            #expect(hosted.byteCount == 300_000)
            #expect(hosted.sha256 == (try SampleFile.sha256(of: file)))
            #expect(try await subject.hosting.hostedVideo(id: hosted.video.id).byteCount == 300_000)
        },
        ContractCheck("progress only grows and ends at the file's size") { subject in
            let files = try TemporaryDirectory(prefix: "contract-progress")
            let size = 2_500_000
            let file = try SampleFile.make(in: files.url, byteCount: size)
            let reports = Locked<[UploadProgress]>([])
            _ = try await subject.hosting.upload(
                VideoUpload(fileURL: file, title: "Progress", ownerID: "owner-1"),
                progress: { progress in reports.withLock { $0.append(progress) } }
            )
            let seen = reports.current
            #expect(!seen.isEmpty)
            #expect(seen.allSatisfy { $0.totalBytes == Int64(size) })
            #expect(zip(seen, seen.dropFirst()).allSatisfy { $0.bytesSent <= $1.bytesSent }, "progress went backwards")
            #expect(seen.last?.bytesSent == Int64(size))
        },
        ContractCheck("what hostedVideo reads back equals what the upload returned, field by field") { subject in
            let files = try TemporaryDirectory(prefix: "contract-readback")
            let file = try SampleFile.make(in: files.url, byteCount: 120_000)
            let uploaded = try await subject.hosting.upload(
                VideoUpload(fileURL: file, title: " Read back ", ownerID: "owner-2"),
                progress: { _ in }
            )
            let read = try await subject.hosting.hostedVideo(id: uploaded.video.id)
            #expect(read.video.id == uploaded.video.id)
            #expect(read.video.ownerID == uploaded.video.ownerID)
            #expect(read.video.title == uploaded.video.title)
            #expect(read.video.createdAt == uploaded.video.createdAt)
            #expect(read.byteCount == uploaded.byteCount)
            #expect(read.sha256 == uploaded.sha256)
        },
    ]

    static let lifecycleChecks: [ContractCheck<VideoHostingServiceSubject>] = [
        ContractCheck("delete gives not found afterwards and leaves nothing stored", requires: [.storageInspection]) {
            subject in
            let files = try TemporaryDirectory(prefix: "contract-delete")
            let file = try SampleFile.make(in: files.url, byteCount: 50_000)
            let hosted = try await subject.hosting.upload(
                VideoUpload(fileURL: file, title: "Delete me", ownerID: "owner-1"),
                progress: { _ in }
            )
            try await subject.hosting.delete(id: hosted.video.id)
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.hosting.hostedVideo(id: hosted.video.id)
            }
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.hosting.delete(id: hosted.video.id)
            }
            #expect(try await subject.storedItemCount() == 0)
        },
        ContractCheck("unknown id gives not found") { subject in
            await expectServiceError(.notFound) { () throws(ServiceError) in
                try await subject.hosting.hostedVideo(id: "no-such-video")
            }
        },
        ContractCheck("cancelling mid-upload leaves nothing behind", requires: [.storageInspection]) { subject in
            let files = try TemporaryDirectory(prefix: "contract-cancel")
            let file = try SampleFile.make(in: files.url, byteCount: 6 * 1_048_576)
            let cancellation = UploadCanceller()
            let upload = Task { () async throws -> HostedVideo in
                try await subject.hosting.upload(
                    VideoUpload(fileURL: file, title: "Cancelled", ownerID: "owner-1"),
                    progress: { progress in
                        if progress.bytesSent > 0, progress.bytesSent < progress.totalBytes {
                            cancellation.progressArrived()
                        }
                    }
                )
            }
            cancellation.attach(upload)
            let result = await upload.result
            switch result {
            case .success(let hosted):
                Issue.record("The upload finished although it was cancelled after its first progress report: \(hosted)")
            case .failure(let error):
                #expect(error as? ServiceError == .cancelled, "got \(error)")
            }
            #expect(try await subject.storedItemCount() == 0)
        },
    ]
}

/// Cancels an upload task as soon as both the task is known and its first progress report has arrived,
/// whichever comes second.
private final class UploadCanceller: Sendable {
    private let state = Locked<(task: Task<HostedVideo, any Error>?, progressed: Bool)>((nil, false))

    func attach(_ task: Task<HostedVideo, any Error>) {
        let cancelNow = state.withLock { state in
            state.task = task
            return state.progressed
        }
        if cancelNow { task.cancel() }
    }

    func progressArrived() {
        let task = state.withLock { state in
            state.progressed = true
            return state.task
        }
        task?.cancel()
    }
}

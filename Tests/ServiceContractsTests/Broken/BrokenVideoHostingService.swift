import Foundation
import Models
import Services

/// The bugs a video host can plausibly ship with, each paired with the check that catches it.
enum VideoHostingServiceDefect: String, CaseIterable, Sendable {
    case checksumOfFirstChunkOnly
    case progressStopsShort
    case neverFinishesProcessing
    case acceptsEmptyFiles
    case ignoresCancellation
    case deleteLeavesMedia
    case acceptsPathTraversal

    /// The contract check that must fail when this defect is present.
    var caughtBy: String {
        switch self {
        case .checksumOfFirstChunkOnly: "upload returns a processing video with the file's size and SHA-256"
        case .progressStopsShort: "progress only grows and ends at the file's size"
        case .neverFinishesProcessing: "processing ends ready with a playback URL"
        case .acceptsEmptyFiles: "an empty file gives invalid input and creates nothing"
        case .ignoresCancellation: "cancelling mid-upload leaves nothing behind"
        case .deleteLeavesMedia: "delete gives not found afterwards and leaves nothing stored"
        case .acceptsPathTraversal: "an invalid title or a path-traversal file name gives invalid input"
        }
    }
}

/// The in-memory video host with one deliberate defect.
struct BrokenVideoHostingService: VideoHostingService {
    let defect: VideoHostingServiceDefect
    let base: any VideoHostingService

    init(_ defect: VideoHostingServiceDefect, wrapping base: any VideoHostingService) {
        self.defect = defect
        self.base = base
    }

    func upload(
        _ upload: VideoUpload,
        progress: @escaping @Sendable (UploadProgress) -> Void
    ) async throws(ServiceError) -> HostedVideo {
        var upload = upload
        switch defect {
        case .checksumOfFirstChunkOnly:
            var hosted = try await base.upload(upload, progress: progress)
            hosted.sha256 = SHA256.hexDigest(of: Array("first chunk".utf8))
            return hosted
        case .progressStopsShort:
            return try await base.upload(upload) { report in
                progress(
                    UploadProgress(
                        bytesSent: min(report.bytesSent, report.totalBytes - 1), totalBytes: report.totalBytes))
            }
        case .acceptsEmptyFiles:
            let size = (try? FileManager.default.attributesOfItem(atPath: upload.fileURL.path)[.size] as? NSNumber)??
                .intValue
            if size == 0 {
                let video = Video(
                    id: "empty", ownerID: upload.ownerID, title: upload.title, status: .processing, createdAt: Date())
                return HostedVideo(video: video, byteCount: 0, sha256: SHA256.hexDigest(of: []))
            }
        case .ignoresCancellation:
            // An unstructured task does not inherit the caller's cancellation.
            let base = self.base
            let detached = Task { () async throws -> HostedVideo in try await base.upload(upload, progress: progress) }
            do {
                return try await detached.value
            } catch {
                throw error as? ServiceError ?? .unavailable(reason: "\(error)", retryAfter: nil)
            }
        case .acceptsPathTraversal:
            upload.fileName = "sanitised.mp4"
        default:
            break
        }
        return try await base.upload(upload, progress: progress)
    }

    func hostedVideo(id: Video.ID) async throws(ServiceError) -> HostedVideo {
        var hosted = try await base.hostedVideo(id: id)
        if defect == .neverFinishesProcessing {
            hosted.video.status = .processing
        }
        return hosted
    }

    func delete(id: Video.ID) async throws(ServiceError) {
        if defect == .deleteLeavesMedia {
            _ = try await base.hostedVideo(id: id)
            return
        }
        try await base.delete(id: id)
    }
}

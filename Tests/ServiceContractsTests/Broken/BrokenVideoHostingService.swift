// scripts/remove-service deletes this file with the service it is part of: hosting
import Foundation
import Models
import Services

/// The bugs a video host can plausibly ship with, each paired with the checks that catch it.
enum VideoHostingServiceDefect: String, CaseIterable, Sendable {
    case checksumOfFirstChunkOnly
    case progressStopsShort
    case readBackCreatedAtDiffers
    case neverFinishesProcessing
    case failureReportedAsProcessing
    case failureWithoutReason
    case acceptsMissingFiles
    case acceptsEmptyFiles
    case acceptsDirectories
    case sanitisesTitles
    case acceptsPathTraversal
    case acceptsControlCharactersInFileNames
    case acceptsOverlongFileNames
    case ignoresCancellation
    case deleteLeavesMedia
    case unknownIDReturnsAPlaceholder
    case processingUpdatesNeverEnd
    case processingUpdatesSkipTheFinalStatus
    case processingUpdatesEndQuietlyForUnknownIDs

    /// The contract checks that must fail when this defect is present.
    var caughtBy: [String] {
        switch self {
        case .checksumOfFirstChunkOnly: ["upload returns a processing video with the file's size and SHA-256"]
        case .progressStopsShort: ["progress only grows and ends at the file's size"]
        case .readBackCreatedAtDiffers: ["what hostedVideo reads back equals what the upload returned, field by field"]
        case .neverFinishesProcessing: ["processing ends ready with a playback URL"]
        case .failureReportedAsProcessing, .failureWithoutReason:
            ["processing can fail: the video ends failed with the host's reason, and stays failed"]
        case .acceptsMissingFiles: ["a missing file gives invalid input and creates nothing"]
        case .acceptsEmptyFiles: ["an empty file gives invalid input and creates nothing"]
        case .acceptsDirectories: ["a directory instead of a file gives invalid input"]
        case .sanitisesTitles: ["every invalid title gives invalid input and creates nothing"]
        case .acceptsPathTraversal, .acceptsControlCharactersInFileNames, .acceptsOverlongFileNames:
            ["file names that are not one plain name give invalid input and create nothing"]
        case .ignoresCancellation: ["cancelling mid-upload leaves nothing behind"]
        case .deleteLeavesMedia: ["delete gives not found afterwards and leaves nothing stored"]
        case .unknownIDReturnsAPlaceholder: ["unknown id gives not found"]
        case .processingUpdatesNeverEnd, .processingUpdatesSkipTheFinalStatus:
            [
                "processing updates start with the current state and end after ready",
                "processing updates end after failed, with the host's reason",
            ]
        case .processingUpdatesEndQuietlyForUnknownIDs: ["processing updates of an unknown video fail with not found"]
        }
    }
}

/// The in-memory video host with one deliberate defect.
struct BrokenVideoHostingService: VideoHostingService {
    let defect: VideoHostingServiceDefect
    let base: any VideoHostingService
    /// The host's wall clock: a defect that re-stamps `createdAt` reads it again.
    let now: @Sendable () -> Date

    init(
        _ defect: VideoHostingServiceDefect, wrapping base: any VideoHostingService, now: @escaping @Sendable () -> Date
    ) {
        self.defect = defect
        self.base = base
        self.now = now
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
        case .acceptsMissingFiles, .acceptsEmptyFiles, .acceptsDirectories:
            if let placeholder = placeholder(for: upload) { return placeholder }
        case .ignoresCancellation:
            // An unstructured task does not inherit the caller's cancellation.
            let base = self.base
            let detached = Task { () async throws -> HostedVideo in try await base.upload(upload, progress: progress) }
            do {
                return try await detached.value
            } catch {
                throw error as? ServiceError ?? .unavailable(reason: "\(error)", retryAfter: nil)
            }
        case .sanitisesTitles:
            if (try? VideoRules.validatedTitle(upload.title)) == nil { upload.title = "Untitled" }
        case .acceptsPathTraversal where upload.fileName.contains("/") || upload.fileName.hasPrefix("."):
            upload.fileName = "sanitised.mp4"
        case .acceptsControlCharactersInFileNames:
            upload.fileName = String(
                upload.fileName.unicodeScalars.map {
                    TextRules.isControl($0) || TextRules.isBidirectionalControl($0) || $0 == "\\" ? "_" : Character($0)
                })
        case .acceptsOverlongFileNames where upload.fileName.utf8.count > VideoRules.fileNameByteLimit:
            upload.fileName = String(upload.fileName.prefix(100))
        default:
            break
        }
        return try await base.upload(upload, progress: progress)
    }

    func hostedVideo(id: Video.ID) async throws(ServiceError) -> HostedVideo {
        if defect == .unknownIDReturnsAPlaceholder {
            do {
                return try await base.hostedVideo(id: id)
            } catch  where error.kind == .notFound {
                let video = Video(id: id, ownerID: "unknown", title: "Untitled", status: .processing, createdAt: .now)
                return HostedVideo(video: video, byteCount: 0, sha256: "")
            }
        }
        var hosted = try await base.hostedVideo(id: id)
        switch (defect, hosted.video.status) {
        case (.neverFinishesProcessing, _), (.failureReportedAsProcessing, .failed):
            hosted.video.status = .processing
        case (.failureWithoutReason, .failed):
            hosted.video.status = .failed(reason: "")
        case (.readBackCreatedAtDiffers, _):
            hosted.video = Video(
                id: hosted.video.id, ownerID: hosted.video.ownerID, title: hosted.video.title,
                duration: hosted.video.duration, status: hosted.video.status, createdAt: now())
        default:
            break
        }
        return hosted
    }

    func processingUpdates(id: Video.ID) -> ServiceObservation<HostedVideo> {
        let base = base
        let defect = defect
        return ServiceObservation { continuation in
            if defect == .processingUpdatesEndQuietlyForUnknownIDs {
                guard (try? await base.hostedVideo(id: id)) != nil else { return }
            }
            var updates = base.processingUpdates(id: id).makeAsyncIterator()
            do throws(ServiceError) {
                while let hosted = try await updates.next() {
                    guard defect != .processingUpdatesSkipTheFinalStatus || !hosted.video.status.isFinal else { return }
                    continuation.yield(hosted)
                }
            } catch {
                continuation.fail(error)
                return
            }
            while defect == .processingUpdatesNeverEnd, !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(10))
            }
        }
    }

    func delete(id: Video.ID) async throws(ServiceError) {
        if defect == .deleteLeavesMedia {
            _ = try await base.hostedVideo(id: id)
            return
        }
        try await base.delete(id: id)
    }

    /// A hosted video for a file the defect fails to refuse (missing, empty, a directory).
    private func placeholder(for upload: VideoUpload) -> HostedVideo? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: upload.fileURL.path)
        let refused =
            switch defect {
            case .acceptsMissingFiles: attributes == nil
            case .acceptsEmptyFiles: (attributes?[.size] as? NSNumber)?.intValue == 0
            default: attributes?[.type] as? FileAttributeType == .typeDirectory
            }
        guard refused else { return nil }
        let video = Video(
            id: "placeholder", ownerID: upload.ownerID, title: upload.title, status: .processing, createdAt: Date())
        return HostedVideo(video: video, byteCount: 0, sha256: SHA256.hexDigest(of: []))
    }
}

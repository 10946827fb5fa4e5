// scripts/remove-service deletes this file with the service it is part of: hosting
import Commands
import Foundation
import Models
import Services

/// Uploads a video file, saves it to the owner's library, waits until the host has processed it,
/// and optionally publishes a post with the video attached.
///
/// A composite command: the publishing step is a `PublishPost` command made by an injected
/// factory, so it is the same use case the composer runs and a test can stub it.
///
/// Steps and what remains when one fails:
/// 1. The title and the post text are validated first; a bad one fails with `.invalidInput`
///    before a byte is uploaded. Nothing remains.
/// 2. The host uploads the file, reporting `.uploading` stages. A failed or cancelled upload
///    leaves nothing on the host (the hosting contract).
/// 3. The hosted video is saved to the library. When that fails, the hosted video is deleted
///    (best effort) so no orphan stays on the host, and the save's error is thrown.
/// 4. The host's `processingUpdates(id:)` is followed (no polling); each new status it reports is
///    saved to the library. The wait, on the injected clock, grows with the file: `processingTimeout`
///    plus `processingTimePerMebibyte` for every MiB uploaded. Past it the command throws `.timedOut`;
///    cancelled (or killed), it stops. Either way the video stays on the host and in the library
///    with the last status seen: processing goes on at the host, and `LoadVideoLibraryPage`
///    brings the library up to date when it lists the video.
/// 5. A video that ends `.failed` is returned as it is, without a post. A `.ready` video is
///    published with the post text when one was given; when publishing fails, the ready video stays
///    in the library and the publish error is thrown.
///
/// No task outlives `execute()`, and the stage reporter is never called after it returns.
public struct UploadVideo: Command {
    /// How far the upload has got, reported while the command runs.
    public enum Stage: Hashable, Sendable {
        /// The host has accepted part of the file.
        case uploading(UploadProgress)
        /// The file is uploaded and saved to the library; the host is processing it.
        case processing(Video)
    }

    /// What to upload and whether to publish it.
    public struct Request: Sendable {
        /// The local file to upload.
        public var fileURL: URL
        /// The video's title, checked with `VideoRules`.
        public var title: String
        /// The user who owns the video and authors the post.
        public var ownerID: User.ID
        /// The text of a post to publish with the ready video, or `nil` for no post.
        public var postText: String?
        /// Called with each stage from any thread; it must return quickly.
        public var onStage: @Sendable (Stage) -> Void

        /// Creates a request.
        public init(
            fileURL: URL,
            title: String,
            ownerID: User.ID,
            postText: String? = nil,
            onStage: @escaping @Sendable (Stage) -> Void = { _ in }
        ) {
            self.fileURL = fileURL
            self.title = title
            self.ownerID = ownerID
            self.postText = postText
            self.onStage = onStage
        }
    }

    /// The outcome of an upload.
    public struct Response: Hashable, Sendable {
        /// The video as last saved to the library: `.ready`, or `.failed` with the host's reason.
        public var video: Video
        /// The post published with the video, when one was requested and the video is ready.
        public var post: Post?

        /// Creates a response.
        public init(video: Video, post: Post?) {
            self.video = video
            self.post = post
        }
    }

    /// How long to wait for processing.
    public struct Timing: Sendable {
        /// The clock the wait is measured on; inject a manual clock in tests.
        public var clock: any Clock<Duration>
        /// How long to wait for processing of an empty file, from when the wait starts, before giving up
        /// with `.timedOut`.
        public var processingTimeout: Duration
        /// How much longer to wait for every MiB of the file: processing time grows with size.
        public var processingTimePerMebibyte: Duration

        /// Creates a timing; by default waits up to five minutes plus a second per MiB.
        public init(
            clock: any Clock<Duration> = ContinuousClock(),
            processingTimeout: Duration = .seconds(300),
            processingTimePerMebibyte: Duration = .seconds(1)
        ) {
            self.clock = clock
            self.processingTimeout = processingTimeout
            self.processingTimePerMebibyte = processingTimePerMebibyte
        }

        /// How long to wait for processing of `byteCount` bytes.
        public func processingTimeout(forByteCount byteCount: Int64) -> Duration {
            processingTimeout + processingTimePerMebibyte * (Double(max(byteCount, 0)) / 1_048_576)
        }
    }

    /// The request this command carries out.
    public let request: Request
    private let hosting: any VideoHostingService
    private let library: any VideoLibraryService
    private let timing: Timing
    private let makePublishPost: @Sendable (PublishPost.Request) -> any Command<PublishPost.Response>

    /// Creates the command; nothing runs until `execute()`.
    ///
    /// - Parameter makePublishPost: makes the command that publishes the post, e.g.
    ///   `UseCases.publishPost(_:)`.
    public init(
        request: Request,
        hosting: any VideoHostingService,
        library: any VideoLibraryService,
        timing: Timing,
        makePublishPost: @escaping @Sendable (PublishPost.Request) -> any Command<PublishPost.Response>
    ) {
        self.request = request
        self.hosting = hosting
        self.library = library
        self.timing = timing
        self.makePublishPost = makePublishPost
    }

    /// Runs the steps in the type's documentation.
    ///
    /// - Throws: `.invalidInput` (fields `"title"`, `"text"`, `"file"`, `"fileName"`), `.timedOut`
    ///   when processing outlasts `processingTimeout`, `.cancelled`, or what a service throws.
    public func execute() async throws(ServiceError) -> Response {
        let title = try ServiceError.validating { () throws(ValidationError) in
            try VideoRules.validatedTitle(request.title)
        }
        if let postText = request.postText {
            _ = try ServiceError.validating { () throws(ValidationError) in try PostRules.validatedText(postText) }
        }
        try ServiceError.checkCancellation()
        let onStage = request.onStage
        let upload = VideoUpload(fileURL: request.fileURL, title: title, ownerID: request.ownerID)
        let hosted = try await hosting.upload(upload) { onStage(.uploading($0)) }
        let saved = try await saveOrDeleteHosted(hosted.video)
        onStage(.processing(saved))
        let final = try await VideoProcessingWatch(
            hosting: hosting,
            library: library,
            timeout: timing.processingTimeout(forByteCount: hosted.byteCount)
        ).waitUntilFinal(saved, clock: timing.clock)
        guard final.status.playbackURL != nil, let postText = request.postText else {
            return Response(video: final, post: nil)
        }
        let publish = makePublishPost(
            PublishPost.Request(authorID: request.ownerID, text: postText, videoID: final.id)
        )
        let published = try await ServiceError.converting { try await publish.execute() }
        return Response(video: final, post: published.post)
    }

    /// Saves the freshly uploaded video; on failure removes it from the host so it is not orphaned.
    ///
    /// The clean-up runs in an unstructured task: when the save failed because the caller was
    /// cancelled, a delete in the caller's task would be cancelled too and leave the orphan.
    private func saveOrDeleteHosted(_ video: Video) async throws(ServiceError) -> Video {
        do {
            return try await library.save(video)
        } catch {
            let hosting = hosting
            await Task { try? await hosting.delete(id: video.id) }.value
            throw error
        }
    }
}

// scripts/remove-service deletes this file with the service it is part of: hosting
import Commands
import Foundation
import Models

/// Uploads a video and follows it through processing to a playable video (and optional post).
///
/// Main-actor isolated; holds its view weakly. Stages reported by the use case from other threads
/// are hopped to the main actor and shown only while they still apply: progress never goes
/// backwards and nothing follows the final `showReady` / `showError`. On `.didDisappear` the upload
/// is cancelled and the view hears nothing more; see `UploadVideo` for what stays on the host and
/// in the library then.
@MainActor
public final class UploadPresenter: Presenter {
    /// Makes the command that uploads a video; `UseCases.uploadVideo(_:)` in the app.
    public typealias MakeUploadVideo = (UploadVideo.Request) -> any Command<UploadVideo.Response>

    /// The view this presenter drives.
    public weak var view: (any UploadView)?
    /// Who owns the uploaded videos and authors their posts.
    public let ownerID: User.ID

    private enum Phase {
        case idle
        case uploading(fraction: Double)
        case processing
    }

    private let runner: UseCaseRunner
    private let makeUploadVideo: MakeUploadVideo
    private let work = InFlightWork()
    private var phase = Phase.idle
    /// Bumped for every upload and every cancel, so stages of an earlier upload are dropped.
    private var generation = 0

    /// Creates a presenter whose use case comes from `makeUploadVideo`.
    public init(
        view: any UploadView, ownerID: User.ID, runner: UseCaseRunner, makeUploadVideo: @escaping MakeUploadVideo
    ) {
        self.view = view
        self.ownerID = ownerID
        self.runner = runner
        self.makeUploadVideo = makeUploadVideo
    }

    /// Whether an upload is in flight.
    public var isUploading: Bool { !work.isEmpty }

    /// Cancels the upload in flight on `.didDisappear`.
    public func handle(_ event: ViewLifecycleEvent) {
        if event == .didDisappear { cancel() }
    }

    /// Uploads `fileURL` titled `title`; when `publishAs` is given, publishes it as a post's text
    /// once the video is ready. An upload in flight is cancelled first.
    public func upload(fileURL: URL, title: String, publishAs postText: String? = nil) {
        cancel()
        let generation = generation
        phase = .uploading(fraction: 0)
        let stages = StageMailbox<UploadVideo.Stage> { [weak self] stage in self?.show(stage, generation: generation) }
        let request = UploadVideo.Request(fileURL: fileURL, title: title, ownerID: ownerID, postText: postText) {
            stage in
            if case .uploading = stage {
                stages.post(stage, replaceable: true)
            } else {
                stages.post(stage, replaceable: false)
            }
        }
        work.track(runner.run(makeUploadVideo(request)))
            .then { [weak self] response in
                guard let self else { return }
                phase = .idle
                if case .failed(let reason) = response.video.status {
                    view?.showError(message: "The video could not be processed: \(reason)")
                } else {
                    view?.showReady(response.video, post: response.post)
                }
            }
            .catch { [weak self] error in
                self?.phase = .idle
                self?.view?.showError(message: error.userMessage)
            }
    }

    /// Returns once the upload in flight is done.
    public func waitUntilIdle() async {
        await work.waitUntilIdle()
    }

    private func cancel() {
        generation += 1
        phase = .idle
        work.cancelAll()
    }

    private func show(_ stage: UploadVideo.Stage, generation: Int) {
        guard generation == self.generation else { return }
        switch (stage, phase) {
        case (.uploading(let progress), .uploading(let shown)) where progress.fractionCompleted > shown:
            phase = .uploading(fraction: progress.fractionCompleted)
            view?.showProgress(fractionCompleted: progress.fractionCompleted)
        case (.processing(let video), .uploading):
            phase = .processing
            view?.showProcessing(video)
        default:
            break
        }
    }
}

import Commands
import Models

/// Publishes what the user typed in a composer.
///
/// Main-actor isolated; holds its view weakly. On `.didDisappear` a publish in flight is cancelled
/// and the view hears nothing more until it appears again (the post may still have been stored
/// if the service finished first).
@MainActor
public final class ComposerPresenter: Presenter {
    /// Makes the command that publishes a post; `UseCases.publishPost(_:)` in the app.
    public typealias MakePublishPost = (PublishPost.Request) -> any Command<PublishPost.Response>

    /// The view this presenter drives.
    public weak var view: (any ComposerView)?
    /// Who publishes.
    public let authorID: User.ID
    /// Called after the view was told about a published post, e.g. to refresh a feed presenter.
    public var onPublished: (@MainActor (Post) -> Void)?

    private let runner: UseCaseRunner
    private let makePublishPost: MakePublishPost
    private let work = InFlightWork()

    /// Creates a presenter whose use case comes from `makePublishPost`.
    public init(
        view: any ComposerView,
        authorID: User.ID,
        runner: UseCaseRunner,
        makePublishPost: @escaping MakePublishPost
    ) {
        self.view = view
        self.authorID = authorID
        self.runner = runner
        self.makePublishPost = makePublishPost
    }

    /// Whether a publish is in flight.
    public var isPublishing: Bool { !work.isEmpty }

    /// Cancels a publish in flight on `.didDisappear`.
    public func handle(_ event: ViewLifecycleEvent) {
        if event == .didDisappear { work.cancelAll() }
    }

    /// Publishes `text`: on success the view shows the post and is cleared; a rejected text is
    /// shown as a validation error, any other failure as an error.
    public func publish(text: String) {
        let request = PublishPost.Request(authorID: authorID, text: text)
        work.track(runner.run(makePublishPost(request)))
            .then { [weak self] response in
                self?.view?.showPublished(response.post)
                self?.view?.clear()
                self?.onPublished?(response.post)
            }
            .catch { [weak self] error in
                if case .invalidInput = error {
                    self?.view?.showValidationError(message: error.userMessage)
                } else {
                    self?.view?.showError(message: error.userMessage)
                }
            }
    }

    /// Returns once a publish in flight is done.
    public func waitUntilIdle() async {
        await work.waitUntilIdle()
    }
}

import Commands
import Models

/// Ensures the signed-in user exists when the view loads, and shows it.
///
/// Main-actor isolated; holds its view weakly. On `.didDisappear` the request in flight is
/// cancelled and the view hears nothing more; the next `.willAppear` retries when no user is known yet.
@MainActor
public final class CurrentUserPresenter: Presenter {
    /// Makes the command that fetches or creates the user; `UseCases.ensureCurrentUser(_:)` in the app.
    public typealias MakeEnsureCurrentUser = (EnsureCurrentUser.Request) -> any Command<EnsureCurrentUser.Response>

    /// The view this presenter drives.
    public weak var view: (any ProfileView)?
    /// The user once known.
    public private(set) var currentUser: User?
    /// Called after the view was shown the user, e.g. to build the presenters that need the user's id.
    public var onUser: (@MainActor (User) -> Void)?

    private let request: EnsureCurrentUser.Request
    private let runner: UseCaseRunner
    private let makeEnsureCurrentUser: MakeEnsureCurrentUser
    private let work = InFlightWork()

    /// Creates a presenter for the user with `handle`, created with `displayName` when missing.
    public init(
        view: any ProfileView,
        handle: String,
        displayName: String,
        runner: UseCaseRunner,
        makeEnsureCurrentUser: @escaping MakeEnsureCurrentUser
    ) {
        self.view = view
        request = EnsureCurrentUser.Request(handle: handle, displayName: displayName)
        self.runner = runner
        self.makeEnsureCurrentUser = makeEnsureCurrentUser
    }

    /// Ensures the user on `.didLoad` (and on `.willAppear` while none is known and none is being
    /// fetched); cancels on `.didDisappear`.
    public func handle(_ event: ViewLifecycleEvent) {
        switch event {
        case .didLoad:
            ensureUser()
        case .willAppear where currentUser == nil && work.isEmpty:
            ensureUser()
        case .didDisappear:
            work.cancelAll()
        case .willAppear, .didAppear:
            break
        }
    }

    /// Returns once the request in flight is done.
    public func waitUntilIdle() async {
        await work.waitUntilIdle()
    }

    private func ensureUser() {
        guard work.isEmpty else { return }
        work.track(runner.run(makeEnsureCurrentUser(request)))
            .then { [weak self] response in
                guard let self else { return }
                currentUser = response.user
                view?.showCurrentUser(response.user)
                onUser?(response.user)
            }
            .catch { [weak self] error in self?.view?.showError(message: error.userMessage) }
    }
}

// scripts/remove-service deletes this file with the service it is part of: authentication
import Commands
import Models
import Services

/// Connects a sign-in screen to the account use cases, for whichever flow the authentication
/// service has: it shows the form the flow needs, who is signed in, and each outcome.
///
/// Main-actor isolated; holds its view weakly. On `.didLoad` it shows the form and loads the
/// current session; on `.didDisappear` what runs is cancelled and the view hears nothing more.
/// One action runs at a time: a tap while one runs is ignored.
@MainActor
public final class SignInPresenter: Presenter {
    /// Makes each account use case; `UseCases` in the app, `TestCommand`s in tests.
    public struct Actions {
        /// Makes the command that signs up; `UseCases.signUp(_:)` in the app.
        public var signUp: (SignUp.Request) -> any Command<SignUp.Response>
        /// Makes the command that signs in; `UseCases.signIn(_:)` in the app.
        public var signIn: (SignIn.Request) -> any Command<SignIn.Response>
        /// Makes the command that signs out; `UseCases.signOut(_:)` in the app.
        public var signOut: (SignOut.Request) -> any Command<SignOut.Response>
        /// Makes the command that reads the current session; `UseCases.loadSession(_:)` in the app.
        public var loadSession: (LoadSession.Request) -> any Command<LoadSession.Response>

        /// Creates the set of makers.
        public init(
            signUp: @escaping (SignUp.Request) -> any Command<SignUp.Response>,
            signIn: @escaping (SignIn.Request) -> any Command<SignIn.Response>,
            signOut: @escaping (SignOut.Request) -> any Command<SignOut.Response>,
            loadSession: @escaping (LoadSession.Request) -> any Command<LoadSession.Response>
        ) {
            self.signUp = signUp
            self.signIn = signIn
            self.signOut = signOut
            self.loadSession = loadSession
        }
    }

    /// The view this presenter drives.
    public weak var view: (any SignInView)?
    /// The flow the form follows.
    public let flow: SignInFlow
    /// Who is signed in, once known; `nil` before loading and after signing out.
    public private(set) var session: AccountSession?
    /// Called after each change of who is signed in, e.g. to rebuild the screens that act for them.
    public var onSessionChange: (@MainActor (AccountSession?) -> Void)?

    private let runner: UseCaseRunner
    private let actions: Actions
    private let work = InFlightWork()

    /// Creates a presenter for `flow` (the authentication service's `signInFlow`).
    public init(view: any SignInView, flow: SignInFlow, runner: UseCaseRunner, actions: Actions) {
        self.view = view
        self.flow = flow
        self.runner = runner
        self.actions = actions
    }

    /// Shows the form and loads the session on `.didLoad`; cancels on `.didDisappear`.
    public func handle(_ event: ViewLifecycleEvent) {
        switch event {
        case .didLoad:
            view?.showForm(for: flow)
            perform(actions.loadSession(LoadSession.Request())) { $0.session }
        case .didDisappear:
            work.cancelAll()
        case .willAppear, .didAppear:
            break
        }
    }

    /// The user tapped "Sign up"; `password` is ignored unless the flow needs one.
    public func signUp(handle: String, displayName: String, password: String?) {
        let request = SignUp.Request(
            handle: handle, displayName: displayName, password: flow.needsPassword ? password ?? "" : nil)
        perform(actions.signUp(request)) { $0.session }
    }

    /// The user tapped "Sign in"; `password` is ignored unless the flow needs one.
    public func signIn(handle: String, password: String?) {
        let request = SignIn.Request(handle: handle, password: flow.needsPassword ? password ?? "" : nil)
        perform(actions.signIn(request)) { $0.session }
    }

    /// The user tapped the vendor's button (`.provided` flows only; otherwise nothing happens):
    /// the vendor's sign-in is presented from `anchor`.
    public func signInWithProvider(from anchor: any SignInAnchor) {
        guard case .provided(let provided) = flow else { return }
        perform(SignInWithProvider(provided: provided, from: anchor)) { $0.session }
    }

    /// The user tapped "Sign out".
    public func signOut() {
        perform(actions.signOut(SignOut.Request())) { _ in nil }
    }

    /// Returns once the action in flight is done.
    public func waitUntilIdle() async {
        await work.waitUntilIdle()
    }

    private func perform<Output: Sendable>(
        _ command: any Command<Output>, session: @escaping @MainActor (Output) -> AccountSession?
    ) {
        guard work.isEmpty else { return }
        view?.showWorking()
        work.track(runner.run(command))
            .then { [weak self] output in
                guard let self else { return }
                let now = session(output)
                self.session = now
                if let now { view?.showSignedIn(now) } else { view?.showSignedOut() }
                onSessionChange?(now)
            }
            .catch { [weak self] error in self?.view?.showError(message: error.userMessage) }
    }
}

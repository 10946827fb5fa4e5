import App
import Features
import Foundation
import Models
import Services

/// One run of `silo`: drives the Features presenters with terminal views for a parsed command.
///
/// `interrupt()` (on SIGINT or SIGTERM) tells every presenter that its view disappeared, which
/// cancels what it runs; the command then returns at once and stops. Main-actor isolated, like
/// the presenters and views it connects.
@MainActor
final class SiloSession {
    let composition: AppComposition
    let terminal: Terminal
    let outcome = Outcome()
    private let runner: UseCaseRunner
    private let useCases: UseCases
    private let identity: Identity
    private var visible: [any Presenter] = []
    private(set) var isInterrupted = false

    /// Who `silo` acts as: the handle from `SILO_USER`; else whoever is signed in; else the demo user.
    struct Identity {
        var handle: String
        var displayName: String
        /// Whether `SILO_USER` named the user: it then wins over whoever is signed in.
        var isNamed: Bool  // part of: authentication

        /// The variable that names the user.
        static let variable = "SILO_USER"

        init(environment: [String: String]) {
            let named = environment[Self.variable].flatMap { $0.isEmpty ? nil : $0 }
            handle = named ?? "silo_demo"
            displayName = handle == "silo_demo" ? "Silo Demo" : handle
            isNamed = named != nil  // part of: authentication
        }
    }

    /// Creates a session; with `isVerbose`, each use case is reported on standard error as it ends.
    init(composition: AppComposition, terminal: Terminal, identity: Identity, isVerbose: Bool) {
        self.composition = composition
        self.terminal = terminal
        self.identity = identity
        runner = UseCaseRunner(onReport: isVerbose ? Self.reporter(to: terminal) : nil)
        let services = composition.services
        useCases = UseCases(
            posts: services.posts,
            users: services.users,
            library: services.library,  // part of: library
            hosting: services.hosting,  // part of: hosting
            authentication: services.authentication,  // part of: authentication
            uploadTiming: UploadVideo.Timing(processingTimeout: .seconds(120))  // part of: hosting
        )
    }

    /// Prints each finished use case, its outcome and its duration on standard error.
    private static func reporter(to terminal: Terminal) -> @MainActor @Sendable (UseCaseRunner.Report) -> Void {
        { report in
            let outcome: TerminalText = report.failure.map { "failed: \($0)" } ?? "ok"
            terminal.printDiagnostic("use case \(report.useCase) \(outcome) in \(report.duration.formatted)")
        }
    }

    /// Runs `command` to completion (or until interrupted) and returns how `silo` should exit.
    func run(_ command: CLICommand) async -> ExitStatus {
        switch command {
        case .tour:
            await tour()
        case .feed(let listing):
            if let user = await currentUser(printed: false) { await showFeed(of: user, listing) }
        case .post(let text):
            if let user = await currentUser(printed: false) { _ = await publish(text, as: user) }
        case .delete(let postID):
            if let user = await currentUser(printed: false) { await delete(Post.ID(postID), as: user) }
        // begin part of: hosting
        case .upload(let file, let title, let postText):
            if let user = await currentUser(printed: false) {
                await upload(URL(fileURLWithPath: file), title: title, postText: postText, as: user)
            }
        // end part of: hosting
        // begin part of: library
        case .library(let listing):
            if let user = await currentUser(printed: false) { await showLibrary(of: user, listing) }
        // end part of: library
        case .user:
            _ = await currentUser(printed: true)
        case .integrations:
            break
        // begin part of: authentication
        case .signUp(let handle, let displayName, let fromStandardInput):
            guard let password = password(prompt: "New password for \(handle): ", fromStandardInput: fromStandardInput)
            else { break }
            await account(isQuiet: false) {
                $0.signUp(handle: handle, displayName: displayName ?? handle, password: password)
            }
        case .signIn(let handle, let fromStandardInput):
            guard let password = password(prompt: "Password for \(handle): ", fromStandardInput: fromStandardInput)
            else { break }
            await account(isQuiet: false) { $0.signIn(handle: handle, password: password) }
        case .signOut:
            await account(isQuiet: false) { $0.signOut() }
        case .whoami:
            await account(isQuiet: false)
        // end part of: authentication
        // begin part of: OfflineFirst
        case .sync:
            await sync()
        // end part of: OfflineFirst
        }
        return outcome.exitStatus
    }

    /// Cancels everything the visible presenters run; the running command returns soon after.
    func interrupt() {
        isInterrupted = true
        for presenter in visible { presenter.handle(.didDisappear) }
        visible.removeAll()
    }

    // MARK: - Commands

    private func tour() async {
        let dataDirectory = composition.configuration.dataDirectory  // part of: hosting
        SampleVideo.removeAbandoned(in: dataDirectory)  // part of: hosting
        terminal.print("\(bold: "Silo tour"): every step below goes through a presenter, a use case and a service.")
        var step = 0
        func heading(_ title: String) {
            step += 1
            terminal.print()
            terminal.print("\(bold: "\(step). \(title)")")
        }
        heading("You")
        guard let user = await currentUser(printed: true), !isInterrupted else { return }
        heading("A post")
        guard await publish("Hello from the Silo tour 👋", as: user), !isInterrupted else { return }
        // begin part of: hosting
        heading("A video: upload, processing, a post with it attached")
        let sample: URL
        do {
            sample = try SampleVideo.make(in: dataDirectory)
        } catch {
            outcome.recordFailure()
            terminal.printError("could not write the sample video: \(error.localizedDescription)")
            return
        }
        defer { try? FileManager.default.removeItem(at: sample) }
        await upload(sample, title: "Tour sample", postText: "My first video on Silo", as: user)
        guard !isInterrupted else { return }
        // end part of: hosting
        heading("Your feed")
        await showFeed(of: user, CLICommand.Listing(pageSize: 5, after: nil, all: false))
        terminal.print()
        terminal.print("Next: silo post \"...\", silo feed, silo integrations, silo --help")
    }

    // begin part of: authentication
    /// Drives a sign-in presenter. Without an action it loads the current session, which is the
    /// outcome; with one, `action` asks it for what the command wants without loading first (a
    /// sign-out must work while the server that would answer the load is out of reach), and the
    /// outcome is shown unless `isQuiet`. Returns who is signed in at the end.
    @discardableResult
    private func account(isQuiet: Bool, _ action: ((SignInPresenter) -> Void)? = nil) async -> AccountSession? {
        let view = TerminalSignInView(terminal: terminal, outcome: outcome, isQuiet: isQuiet || action != nil)
        let presenter = SignInPresenter(
            view: view, flow: useCases.signInFlow, runner: runner, actions: useCases.accountActions)
        await drive(presenter, loading: action == nil) {
            await presenter.waitUntilIdle()
            guard let action, outcome.exitStatus == .success, !isInterrupted else { return }
            view.isQuiet = isQuiet
            view.signedOutMessage = "Signed out."
            action(presenter)
            await presenter.waitUntilIdle()
        }
        return presenter.session
    }

    /// The password the service's flow needs, read before anything is sent: one line of standard
    /// input, or typed on the terminal without echo. `.some(nil)` when the flow needs none; `nil`
    /// (the failure reported) when none came.
    private func password(prompt: TerminalText, fromStandardInput: Bool) -> String?? {
        guard useCases.signInFlow.needsPassword else { return .some(nil) }
        let read = fromStandardInput ? PasswordPrompt.readLine() : PasswordPrompt.readFromTerminal(prompt: prompt)
        switch read {
        case .password(let password):
            return .some(password)
        case .noTerminal:
            outcome.recordFailure()
            terminal.printError("no terminal to ask for the password on: pipe it in with --password-stdin")
        case .ended:
            outcome.recordFailure()
            terminal.printError("no password given: standard input ended first")
        }
        return nil
    }
    // end part of: authentication

    private func currentUser(printed: Bool) async -> User? {
        // begin part of: authentication
        if !identity.isNamed {
            let before = outcome.exitStatus
            let session = await account(isQuiet: true)
            guard outcome.exitStatus == before else { return nil }
            if let session {
                TerminalProfileView(terminal: terminal, outcome: outcome, isQuiet: !printed)
                    .showCurrentUser(session.user)
                return session.user
            }
        }
        // end part of: authentication
        let view = TerminalProfileView(terminal: terminal, outcome: outcome, isQuiet: !printed)
        let presenter = CurrentUserPresenter(
            view: view,
            handle: identity.handle,
            displayName: identity.displayName,
            runner: runner,
            makeEnsureCurrentUser: useCases.ensureCurrentUser
        )
        await drive(presenter) { await presenter.waitUntilIdle() }
        return presenter.currentUser
    }

    private func showFeed(of user: User, _ listing: CLICommand.Listing) async {
        guard listing.follow else {
            let view = TerminalFeedView(
                terminal: terminal, outcome: outcome,
                sync: await composition.sync?.status(),  // part of: OfflineFirst
            )
            let presenter = FeedPresenter(
                view: view, authorID: user.id, pageSize: listing.pageSize, runner: runner,
                makeLoadFeedPage: useCases.loadFeedPage, makeDeletePost: useCases.deletePost)
            await page(presenter, listing, noun: "posts", command: "feed")
            return
        }
        let view = TerminalLiveFeedView(terminal: terminal, outcome: outcome)
        let presenter = FeedPresenter(
            view: view, authorID: user.id, pageSize: listing.pageSize, runner: runner,
            makeLoadFeedPage: useCases.loadFeedPage, makeDeletePost: useCases.deletePost,
            makeFollowFeed: useCases.followFeed)
        terminal.printDiagnostic("Following your feed; Ctrl-C to stop.")
        await drive(presenter) {
            // Follows until Ctrl-C (the presenter's view disappears) or the observation fails.
            await presenter.waitUntilFollowingEnds()
        }
    }

    private func publish(_ text: String, as user: User) async -> Bool {
        let view = TerminalComposerView(terminal: terminal, outcome: outcome)
        let presenter = ComposerPresenter(
            view: view, authorID: user.id, runner: runner, makePublishPost: useCases.publishPost)
        var published = false
        presenter.onPublished = { _ in published = true }
        await drive(presenter) {
            presenter.publish(text: text)
            await presenter.waitUntilIdle()
        }
        return published
    }

    private func delete(_ postID: Post.ID, as user: User) async {
        let feedView = SilentFeedView(outcome: outcome, terminal: terminal)
        let presenter = FeedPresenter(
            view: feedView, authorID: user.id, runner: runner,
            makeLoadFeedPage: useCases.loadFeedPage, makeDeletePost: useCases.deletePost)
        await drive(presenter, appearing: false) {
            presenter.delete(postID: postID)
            await presenter.waitUntilIdle()
        }
        if !feedView.failed, !isInterrupted {
            terminal.print("Deleted \(postID)")
        }
    }

    // begin part of: hosting
    private func upload(_ file: URL, title: String, postText: String?, as user: User) async {
        let view = TerminalUploadView(terminal: terminal, outcome: outcome)
        let presenter = UploadPresenter(
            view: view, ownerID: user.id, runner: runner, makeUploadVideo: useCases.uploadVideo)
        await drive(presenter) {
            presenter.upload(fileURL: file, title: title, publishAs: postText)
            await presenter.waitUntilIdle()
        }
        if isInterrupted && !view.hasEnded {
            terminal.printDiagnostic("Upload cancelled: the video host keeps nothing of it.")
        }
    }
    // end part of: hosting

    // begin part of: library
    private func showLibrary(of user: User, _ listing: CLICommand.Listing) async {
        let view = TerminalVideoLibraryView(terminal: terminal, outcome: outcome)
        let presenter = VideoLibraryPresenter(
            view: view, ownerID: user.id, pageSize: listing.pageSize, runner: runner,
            makeLoadPage: useCases.loadVideoLibraryPage)
        await page(presenter, listing, noun: "videos", command: "library")
    }
    // end part of: library

    /// Shows the pages `listing` asks for (the first, the one after `--after`, or all of them with
    /// `--all`), then says how to see the next page when there is one.
    private func page<Item>(
        _ presenter: ListingPresenter<Item>, _ listing: CLICommand.Listing, noun: String, command: String
    )
        async
    {
        await drive(presenter, appearing: listing.after == nil) {
            if let after = listing.after { presenter.load(after: Cursor(rawValue: after)) }
            await presenter.waitUntilIdle()
            while listing.all, presenter.hasMore, !isInterrupted {
                presenter.loadMore()
                await presenter.waitUntilIdle()
            }
        }
        guard let cursor = presenter.nextCursor, !isInterrupted else { return }
        let limit: TerminalText = listing.pageSize == 20 ? "" : " --limit \(listing.pageSize)"
        terminal.print("… more \(noun): silo \(command)\(limit) --after \(cursor)   (or --all for every page)")
    }

    /// Runs a presenter through a view's life: load (unless `loading` is false), appear (unless
    /// `appearing` is false), `body`, disappear. While `body` runs, `interrupt()` can make the view
    /// disappear early.
    private func drive(
        _ presenter: any Presenter, loading: Bool = true, appearing: Bool = true, _ body: () async -> Void
    ) async {
        guard !isInterrupted else { return }
        visible.append(presenter)
        if loading { presenter.handle(.didLoad) }
        if appearing {
            presenter.handle(.willAppear)
            presenter.handle(.didAppear)
        }
        await body()
        if visible.contains(where: { $0 === presenter }) {
            presenter.handle(.didDisappear)
            visible.removeAll { $0 === presenter }
        }
    }
}

extension Duration {
    /// `3.2 ms`, `1.25 s`: how `--verbose` shows a duration.
    fileprivate var formatted: String {
        let milliseconds = Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
        return milliseconds < 1_000
            ? String(format: "%.1f ms", milliseconds) : String(format: "%.2f s", milliseconds / 1_000)
    }
}

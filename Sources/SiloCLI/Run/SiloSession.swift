import App
import Features
import Foundation
import Models
import Services

/// One run of `silo`: drives the Features presenters with terminal views for a parsed command.
///
/// Main-actor isolated, like the presenters and views it connects.
@MainActor
final class SiloSession {
    private let composition: AppComposition
    private let terminal: Terminal
    private let outcome = Outcome()
    private let runner = UseCaseRunner()
    private let useCases: UseCases
    private let identity: Identity

    /// Who `silo` acts as: the handle from `SILO_USER`, or the demo user.
    struct Identity {
        var handle: String
        var displayName: String

        init(environment: [String: String]) {
            handle = environment["SILO_USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "silo_demo"
            displayName = handle == "silo_demo" ? "Silo Demo" : handle
        }
    }

    init(composition: AppComposition, terminal: Terminal, identity: Identity) {
        self.composition = composition
        self.terminal = terminal
        self.identity = identity
        let services = composition.services
        useCases = UseCases(
            posts: services.posts,
            users: services.users,
            library: services.library,
            hosting: services.videoHosting,
            pollInterval: .milliseconds(200),
            processingTimeout: .seconds(120)
        )
    }

    /// Runs `command` to completion and returns how `silo` should exit.
    func run(_ command: CLICommand) async -> ExitStatus {
        switch command {
        case .tour:
            await tour()
        case .feed(let limit):
            if let user = await currentUser(printed: false) { await showFeed(of: user, limit: limit) }
        case .post(let text):
            if let user = await currentUser(printed: false) { _ = await publish(text, as: user) }
        case .delete(let postID):
            if let user = await currentUser(printed: false) { await delete(Post.ID(postID), as: user) }
        case .upload(let file, let title, let postText):
            if let user = await currentUser(printed: false) {
                await upload(URL(fileURLWithPath: file), title: title, postText: postText, as: user)
            }
        case .videos(let limit):
            if let user = await currentUser(printed: false) { await showVideos(of: user, limit: limit) }
        case .user:
            _ = await currentUser(printed: true)
        case .integrations:
            await showIntegrations()
        case .help:
            terminal.print(HelpText.usage)
        }
        return outcome.exitStatus
    }

    // MARK: - Commands

    private func tour() async {
        terminal.print(
            terminal.emphasised("Silo tour") + ": every step below goes through a presenter, a use case and a service.")
        terminal.print()
        terminal.print(terminal.emphasised("1. You"))
        guard let user = await currentUser(printed: true) else { return }
        terminal.print()
        terminal.print(terminal.emphasised("2. A post"))
        guard await publish("Hello from the Silo tour 👋", as: user) else { return }
        terminal.print()
        terminal.print(terminal.emphasised("3. A video: upload, processing, a post with it attached"))
        let sample: URL
        do {
            sample = try SampleVideo.make(in: composition.configuration.dataDirectory)
        } catch {
            outcome.recordFailure()
            terminal.printError("could not write the sample video: \(error.localizedDescription)")
            return
        }
        defer { try? FileManager.default.removeItem(at: sample) }
        await upload(sample, title: "Tour sample", postText: "My first video on Silo", as: user)
        terminal.print()
        terminal.print(terminal.emphasised("4. Your feed"))
        await showFeed(of: user, limit: 5)
        terminal.print()
        terminal.print("Next: silo post \"...\", silo feed, silo integrations, silo --help")
    }

    private func currentUser(printed: Bool) async -> User? {
        let view = TerminalProfileView(terminal: terminal, outcome: outcome, isQuiet: !printed)
        let presenter = CurrentUserPresenter(
            view: view,
            handle: identity.handle,
            displayName: identity.displayName,
            runner: runner,
            useCases: useCases
        )
        presenter.handle(.didLoad)
        await presenter.waitUntilIdle()
        presenter.handle(.didDisappear)
        return presenter.currentUser
    }

    private func showFeed(of user: User, limit: Int) async {
        let view = TerminalFeedView(terminal: terminal, outcome: outcome)
        let presenter = FeedPresenter(
            view: view, authorID: user.id, pageSize: limit, runner: runner, useCases: useCases)
        await drive(presenter) { await presenter.waitUntilIdle() }
    }

    private func publish(_ text: String, as user: User) async -> Bool {
        let view = TerminalComposerView(terminal: terminal, outcome: outcome)
        let presenter = ComposerPresenter(view: view, authorID: user.id, runner: runner, useCases: useCases)
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
        let presenter = FeedPresenter(view: feedView, authorID: user.id, runner: runner, useCases: useCases)
        presenter.delete(postID: postID)
        await presenter.waitUntilIdle()
        if !feedView.failed {
            terminal.print("Deleted \(postID)")
        }
    }

    private func upload(_ file: URL, title: String, postText: String?, as user: User) async {
        let view = TerminalUploadView(terminal: terminal, outcome: outcome)
        let presenter = UploadPresenter(view: view, ownerID: user.id, runner: runner, useCases: useCases)
        await drive(presenter) {
            presenter.upload(fileURL: file, title: title, publishAs: postText)
            await presenter.waitUntilIdle()
        }
    }

    private func showVideos(of user: User, limit: Int) async {
        let view = TerminalVideoLibraryView(terminal: terminal, outcome: outcome)
        let presenter = VideoLibraryPresenter(
            view: view, ownerID: user.id, pageSize: limit, runner: runner, useCases: useCases)
        await drive(presenter) { await presenter.waitUntilIdle() }
    }

    private func showIntegrations() async {
        let choices = composition.services.choices
        let health = await composition.integrations.healthReport()
        terminal.print(terminal.emphasised("Services"))
        for service in ServiceKind.allCases {
            let choice = choices[service]?.rawValue ?? "none"
            let source = service == .users ? "\(choice) (follows posts)" : choice
            terminal.print("  \(service.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)) \(source)")
        }
        terminal.print(terminal.emphasised("Integrations"))
        for entry in health {
            let role = entry.isRequired ? "required" : "optional"
            terminal.print("  \(entry.name): \(entry.health) (\(role))")
        }
    }

    /// Runs a presenter through a view's life: load, appear, `body`, disappear.
    private func drive(_ presenter: any Presenter, _ body: () async -> Void) async {
        presenter.handle(.didLoad)
        presenter.handle(.willAppear)
        presenter.handle(.didAppear)
        await body()
        presenter.handle(.didDisappear)
    }
}

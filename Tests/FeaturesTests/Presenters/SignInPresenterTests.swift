// scripts/remove-service deletes this file with the service it is part of: authentication
import Commands
import Features
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite("SignInPresenter")
struct SignInPresenterTests {
    private func presenter(_ world: World, view: SpySignInView, flow: SignInFlow? = nil) -> SignInPresenter {
        SignInPresenter(
            view: view, flow: flow ?? world.useCases.signInFlow, runner: makeRunner(),
            actions: world.useCases.accountActions)
    }

    @Test("on a device-local service: loads nobody, signs up, out and back in by handle alone")
    func deviceLocal() async throws {
        // Given an app on the in-memory integration, whose flow has no passwords
        let world = World()
        let view = SpySignInView()
        let presenter = presenter(world, view: view)
        var changes: [AccountSession?] = []
        presenter.onSessionChange = { changes.append($0) }

        // When the screen loads, then the user signs up, out, and in again (the password is ignored)
        presenter.handle(.didLoad)
        await presenter.waitUntilIdle()
        presenter.signUp(handle: "Ada", displayName: "Ada", password: "ignored")
        await presenter.waitUntilIdle()
        let signedUp = try #require(presenter.session)
        presenter.signOut()
        await presenter.waitUntilIdle()
        presenter.signIn(handle: "ADA", password: nil)
        await presenter.waitUntilIdle()

        // Then the view saw each step, and the service agrees
        #expect(signedUp.user.handle.rawValue == "ada")
        #expect(
            view.calls == [
                .form(needsPassword: false), .working, .signedOut, .working, .signedIn(signedUp), .working, .signedOut,
                .working, .signedIn(signedUp),
            ])
        #expect(changes == [nil, signedUp, nil, signedUp])
        #expect(try await world.integration.authenticationService.currentSession() == signedUp)
    }

    @Test("a password flow checks the new password before the service is called, and shows why")
    func shortPassword() async throws {
        let world = World()
        let view = SpySignInView()
        let presenter = presenter(world, view: view, flow: .password)
        presenter.signUp(handle: "bea", displayName: "Bea", password: "short")
        await presenter.waitUntilIdle()
        #expect(view.calls == [.working, .error("Invalid password: must be at least 8 bytes of UTF-8")])
        #expect(presenter.session == nil)
        await #expect(throws: ServiceError.self) { try await world.users.user(handle: try Handle("bea")) }
    }

    @Test("a vendor's sign-in is presented from the view, and its session shown")
    func provided() async throws {
        // Given a flow whose sign-in is a vendor's sheet, which signs in a user it made
        let world = World()
        let user = try await world.makeUser("vendor_user")
        let presentedFrom = Locked<[ObjectIdentifier]>([])
        let flow = SignInFlow.provided(
            ProvidedSignIn(vendor: "Example ID") { anchor in
                presentedFrom.withLock { $0.append(ObjectIdentifier(anchor)) }
                return AccountSession(user: user)
            })
        let view = SpySignInView()
        let presenter = presenter(world, view: view, flow: flow)

        // When the user taps the vendor's button
        presenter.signInWithProvider(from: view)
        await presenter.waitUntilIdle()

        // Then the sheet was shown from the view and the view shows the user
        #expect(presentedFrom.withLock { $0 } == [ObjectIdentifier(view)])
        #expect(view.calls == [.working, .signedIn(AccountSession(user: user))])
    }

    @Test("a wrong password is shown as the service says it, and the session stays as it was")
    func wrongPassword() async throws {
        let view = SpySignInView()
        let actions = SignInPresenter.Actions(
            signUp: { _ in stubCommand { () throws -> SignUp.Response in throw ServiceError.cancelled } },
            signIn: { _ in
                stubCommand { () throws -> SignIn.Response in
                    throw ServiceError.unauthorized(reason: "wrong handle or password")
                }
            },
            signOut: { _ in stubCommand(returning: SignOut.Response()) },
            loadSession: { _ in stubCommand(returning: LoadSession.Response(session: nil)) })
        let presenter = SignInPresenter(view: view, flow: .password, runner: makeRunner(), actions: actions)
        presenter.signIn(handle: "cleo", password: "not it")
        await presenter.waitUntilIdle()
        #expect(view.calls.count == 2)
        #expect(
            view.calls.last.map {
                if case .error(let message) = $0 { message.contains("wrong handle or password") } else { false }
            } == true, "\(view.calls)")
        #expect(presenter.session == nil)
    }
}

import Commands
import Features
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite("CurrentUserPresenter")
struct CurrentUserPresenterTests {
    @Test("ensures the user on didLoad and shows it")
    func ensuresOnDidLoad() async throws {
        // Given
        let world = World()
        let view = SpyProfileView()
        let presenter = CurrentUserPresenter(
            view: view,
            handle: "alice",
            displayName: "Alice",
            runner: makeRunner(),
            makeEnsureCurrentUser: world.useCases.ensureCurrentUser
        )
        var reported: [User] = []
        presenter.onUser = { reported.append($0) }

        // When
        presenter.handle(.didLoad)
        presenter.handle(.willAppear)
        await presenter.waitUntilIdle()

        // Then
        let user = try #require(presenter.currentUser)
        #expect(user.handle.rawValue == "alice")
        #expect(view.calls == [.user(user)])
        #expect(reported == [user])
        #expect(try await world.users.user(handle: user.handle) == user)
    }

    @Test("a failure is shown as an error message")
    func showsError() async {
        // Given
        let view = SpyProfileView()
        let presenter = CurrentUserPresenter(view: view, handle: "alice", displayName: "A", runner: makeRunner()) { _ in
            stubCommand { () throws -> EnsureCurrentUser.Response in
                throw ServiceError.invalidInput(field: "handle", reason: "bad")
            }
        }

        // When
        presenter.handle(.didLoad)
        await presenter.waitUntilIdle()

        // Then
        #expect(view.calls == [.error("Invalid handle: bad")])
        #expect(presenter.currentUser == nil)
    }

    @Test("after didDisappear the request in flight never reaches the view")
    func cancelsOnDisappear() async {
        // Given
        let view = SpyProfileView()
        let gate = Gate()
        let presenter = CurrentUserPresenter(view: view, handle: "alice", displayName: "A", runner: makeRunner()) { _ in
            stubCommand { () -> EnsureCurrentUser.Response in
                await gate.wait()
                return EnsureCurrentUser.Response(user: sampleUser(), wasCreated: false)
            }
        }
        presenter.handle(.didLoad)

        // When
        presenter.handle(.didDisappear)
        gate.open()
        await presenter.waitUntilIdle()
        for _ in 0..<50 { await Task.yield() }

        // Then
        #expect(view.calls.isEmpty)
        #expect(presenter.currentUser == nil)
    }

    @Test("holds its view weakly")
    func weakView() {
        // Given
        var view: SpyProfileView? = SpyProfileView()
        let presenter = CurrentUserPresenter(
            view: view!,
            handle: "alice",
            displayName: "A",
            runner: makeRunner()
        ) { _ in stubCommand(returning: EnsureCurrentUser.Response(user: sampleUser(), wasCreated: false)) }

        // When
        view = nil

        // Then
        #expect(presenter.view == nil)
    }
}

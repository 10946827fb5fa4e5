import Commands
import Features
import Models
import Services
import TestSupport
import Testing

@MainActor
@Suite("ComposerPresenter")
struct ComposerPresenterTests {
    @Test("publishing shows the post, clears the composer and tells onPublished")
    func publishes() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let view = SpyComposerView()
        let presenter = ComposerPresenter(
            view: view, authorID: author.id, runner: makeRunner(), makePublishPost: world.useCases.publishPost)
        var published: [Post] = []
        presenter.onPublished = { published.append($0) }

        // When
        presenter.publish(text: "Hello")
        await presenter.waitUntilIdle()

        // Then
        let post = try #require(published.first)
        #expect(post.text == "Hello")
        #expect(view.calls == [.published(post), .clear])
    }

    @Test("invalid text is shown as a validation error message")
    func invalidText() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let view = SpyComposerView()
        let presenter = ComposerPresenter(
            view: view, authorID: author.id, runner: makeRunner(), makePublishPost: world.useCases.publishPost)

        // When
        presenter.publish(text: "   ")
        await presenter.waitUntilIdle()

        // Then
        #expect(view.calls == [.validationError("Invalid text: must not be empty or only whitespace")])
    }

    @Test("an unknown author is shown as an error")
    func unknownAuthor() async {
        // Given
        let world = World()
        let view = SpyComposerView()
        let presenter = ComposerPresenter(
            view: view, authorID: "nobody", runner: makeRunner(), makePublishPost: world.useCases.publishPost)

        // When
        presenter.publish(text: "Hello")
        await presenter.waitUntilIdle()

        // Then
        guard case .error(let message) = view.calls.first, view.calls.count == 1 else {
            Issue.record("Expected one error, got \(view.calls)")
            return
        }
        #expect(message.hasPrefix("Not found"))
    }

    @Test("the stubbed use case receives the author and the text")
    func buildsRequest() async {
        // Given
        let view = SpyComposerView()
        let command = stubCommand(returning: PublishPost.Response(post: samplePost("p1")))
        var requests: [PublishPost.Request] = []
        let presenter = ComposerPresenter(view: view, authorID: "u1", runner: makeRunner()) { request in
            requests.append(request)
            return command
        }

        // When
        presenter.publish(text: "Hi")
        await presenter.waitUntilIdle()

        // Then
        #expect(requests == [PublishPost.Request(authorID: "u1", text: "Hi")])
        #expect(command.executionCount == 1)
        #expect(view.calls == [.published(samplePost("p1")), .clear])
    }

    @Test("after didDisappear a publish in flight never reaches the view")
    func cancelsOnDisappear() async {
        // Given
        let view = SpyComposerView()
        let gate = Gate()
        let presenter = ComposerPresenter(view: view, authorID: "u1", runner: makeRunner()) { _ in
            stubCommand { () -> PublishPost.Response in
                await gate.wait()
                return PublishPost.Response(post: samplePost("p1"))
            }
        }
        presenter.publish(text: "Hi")
        #expect(presenter.isPublishing)

        // When
        presenter.handle(.didDisappear)
        gate.open()
        await presenter.waitUntilIdle()
        for _ in 0..<50 { await Task.yield() }

        // Then
        #expect(view.calls.isEmpty)
        #expect(!presenter.isPublishing)
    }
}

import Features
import Models
import Services
import TestSupport
import Testing

@Suite("PublishPost")
struct PublishPostTests {
    @Test("publishes trimmed text and returns the stored post")
    func publishes() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let command = PublishPost.command(.init(authorID: author.id, text: "  hello  "), with: world.posts)

        // When
        let response = try await command.execute()

        // Then
        #expect(response.post.text == "hello")
        #expect(try await world.posts.post(id: response.post.id) == response.post)
    }

    @Test("rejects invalid text before calling the service")
    func rejectsInvalidText() async {
        // Given: a service that fails the test when called
        let command = PublishPost.command(.init(authorID: "u1", text: " \n "), with: UnimplementedPostService())

        // When / Then
        await expectInvalidInput(field: "text") { () async throws(ServiceError) in try await command.execute() }
    }

    @Test("an unknown author is not found")
    func unknownAuthor() async {
        // Given
        let world = World()
        let command = PublishPost.command(.init(authorID: "nobody", text: "hi"), with: world.posts)

        // When / Then
        await expectServiceError(.notFound) { () async throws(ServiceError) in try await command.execute() }
    }

    @Test("a cancelled task publishes nothing")
    func cancelled() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let command = PublishPost.command(.init(authorID: author.id, text: "hi"), with: world.posts)

        // When
        await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await expectServiceError(.cancelled) { () async throws(ServiceError) in try await command.execute() }
        }.value

        // Then
        #expect(try await world.posts.feed(authorID: author.id, page: .first(10)).items.isEmpty)
    }
}

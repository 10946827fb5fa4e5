import Features
import Models
import Services
import TestSupport
import Testing

@Suite("DeletePost")
struct DeletePostTests {
    @Test("deletes the post and returns its id")
    func deletes() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let post = try #require(try await world.publish(1, by: author.id).first)

        // When
        let response = try await DeletePost.command(.init(postID: post.id, actorID: author.id), with: world.posts)
            .execute()

        // Then
        #expect(response.deletedID == post.id)
        await expectServiceError(.notFound) { () async throws(ServiceError) in try await world.posts.post(id: post.id) }
    }

    @Test("someone other than the author is forbidden and the post stays")
    func forbidden() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let other = try await world.makeUser("mallory")
        let post = try #require(try await world.publish(1, by: author.id).first)
        let command = DeletePost.command(.init(postID: post.id, actorID: other.id), with: world.posts)

        // When / Then
        await expectServiceError(.forbidden) { () async throws(ServiceError) in try await command.execute() }
        #expect(try await world.posts.post(id: post.id) == post)
    }

    @Test("deleting a missing post is not found")
    func missing() async {
        // Given
        let world = World()
        let command = DeletePost.command(.init(postID: "missing", actorID: "someone"), with: world.posts)

        // When / Then
        await expectServiceError(.notFound) { () async throws(ServiceError) in try await command.execute() }
    }
}

import Features
import Models
import Services
import TestSupport
import Testing

@Suite("EnsureCurrentUser")
struct EnsureCurrentUserTests {
    @Test("creates the user when the handle is unknown")
    func creates() async throws {
        // Given
        let world = World()
        let command = EnsureCurrentUser.command(.init(handle: "Alice", displayName: "Alice A"), with: world.users)

        // When
        let response = try await command.execute()

        // Then
        #expect(response.wasCreated)
        #expect(response.user.handle.rawValue == "alice")
        #expect(try await world.users.user(handle: response.user.handle) == response.user)
    }

    @Test("fetches an existing user by handle and keeps its display name")
    func fetchesExisting() async throws {
        // Given
        let world = World()
        let existing = try await world.makeUser("alice")
        let command = EnsureCurrentUser.command(.init(handle: "ALICE", displayName: "Other"), with: world.users)

        // When
        let response = try await command.execute()

        // Then
        #expect(!response.wasCreated)
        #expect(response.user == existing)
    }

    @Test("falls back to fetching when a racing create makes the handle conflict")
    func conflictFallsBackToFetch() async throws {
        // Given: the first look-up misses, the create conflicts, the second look-up finds the winner
        let winner = sampleUser("alice")
        let lookups = Locked(0)
        var users = UnimplementedUserService()
        users.onUserByHandle = { _ throws(ServiceError) in
            let count = lookups.withLock { count in
                count += 1
                return count
            }
            if count == 1 { throw .notFound(what: "user @alice") }
            return winner
        }
        users.onCreate = { _ throws(ServiceError) in throw .conflict(reason: "handle taken") }

        // When
        let response = try await EnsureCurrentUser.command(.init(handle: "alice", displayName: "A"), with: users)
            .execute()

        // Then
        #expect(response.user == winner)
        #expect(!response.wasCreated)
        #expect(lookups.current == 2)
    }

    @Test("rejects an invalid handle before calling the service")
    func rejectsInvalidHandle() async {
        // Given
        let command = EnsureCurrentUser.command(
            .init(handle: "a b", displayName: "A"),
            with: UnimplementedUserService()
        )

        // When / Then
        await expectInvalidInput(field: "handle") { () async throws(ServiceError) in try await command.execute() }
    }

    @Test("passes on errors other than not-found and conflict")
    func passesOnOtherErrors() async {
        // Given
        var users = UnimplementedUserService()
        users.onUserByHandle = { _ throws(ServiceError) in throw .unavailable(reason: "offline", retryAfter: nil) }
        let command = EnsureCurrentUser.command(.init(handle: "alice", displayName: "A"), with: users)

        // When / Then
        await expectServiceError(.unavailable) { () async throws(ServiceError) in try await command.execute() }
    }
}

import Commands
import Features
import Models
import Services
import TestSupport
import Testing

@Suite("LoadFeedPage")
struct LoadFeedPageTests {
    @Test("pages through the feed newest first")
    func pages() async throws {
        // Given
        let world = World()
        let author = try await world.makeUser()
        let published = try await world.publish(3, by: author.id)

        // When
        let first = try await LoadFeedPage(request: .init(ownerID: author.id, pageSize: 2), listing: .feed(world.posts))
            .execute()
        let second = try await LoadFeedPage(
            request: .init(ownerID: author.id, pageSize: 2, cursor: first.nextCursor),
            listing: .feed(world.posts)
        ).execute()

        // Then
        #expect(first.items == Array(published.prefix(2)))
        #expect(first.nextCursor != nil)
        #expect(second.items == [published[2]])
        #expect(second.nextCursor == nil)
    }

    @Test("rejects a page size outside 1–100 before calling the service")
    func rejectsPageSize() async {
        // Given
        let command = LoadFeedPage(
            request: .init(ownerID: "u1", pageSize: 0), listing: .feed(UnimplementedPostService()))

        // When / Then
        await expectInvalidInput(field: "pageSize") { () async throws(ServiceError) in try await command.execute() }
    }

    @Test("identical requests share a coalescing key, different pages do not")
    func coalescingKey() {
        // Given
        let posts = UnimplementedPostService()
        let first = LoadFeedPage(request: .init(ownerID: "u1", pageSize: 20), listing: .feed(posts))
        let same = LoadFeedPage(request: .init(ownerID: "u1", pageSize: 20), listing: .feed(posts))
        let next = LoadFeedPage(
            request: .init(ownerID: "u1", pageSize: 20, cursor: Cursor(rawValue: "c")),
            listing: .feed(posts)
        )
        let other = LoadFeedPage(request: .init(ownerID: "u2", pageSize: 20), listing: .feed(posts))

        // Then
        #expect(first.coalescingKey != nil)
        #expect(first.coalescingKey == same.coalescingKey)
        #expect(first.coalescingKey != next.coalescingKey)
        #expect(first.coalescingKey != other.coalescingKey)
    }

    @Test("requests whose fields only join to the same text get different keys")
    func coalescingKeysDoNotCollide() {
        // Given author "a|1" with size 2 and no cursor, and author "a" with size 1 and cursor "2|":
        // joined with "|" both read "a|1|2|"
        let posts = UnimplementedPostService()
        let first = LoadFeedPage(request: .init(ownerID: "a|1", pageSize: 2), listing: .feed(posts))
        let second = LoadFeedPage(
            request: .init(ownerID: "a", pageSize: 1, cursor: Cursor(rawValue: "2|")),
            listing: .feed(posts)
        )

        // Then
        #expect(first.coalescingKey != second.coalescingKey)
    }
}

@Suite("LoadFeedPage on a CommandQueue")
struct LoadFeedPageCoalescingTests {
    @Test("identical loads in flight share one service call")
    func coalesces() async throws {
        // Given: a feed that answers only when the gate opens
        let gate = Gate()
        let calls = Locked(0)
        var posts = UnimplementedPostService()
        posts.onFeed = { _, _ in
            calls.withLock { $0 += 1 }
            await gate.wait()
            return Page(items: [samplePost("p1")], nextCursor: nil)
        }
        let queue = CommandQueue(maxConcurrentCommands: 4)
        let request = LoadFeedPage.Request(ownerID: "u1", pageSize: 20)
        let first = Task { try await queue.run(LoadFeedPage(request: request, listing: .feed(posts))) }
        await eventually("The first load never reached the service") { calls.current == 1 }
        let second = Task { try await queue.run(LoadFeedPage(request: request, listing: .feed(posts))) }
        await eventually("The second load never joined the first") { await queue.coalescedCallerCount == 2 }

        // When
        gate.open()

        // Then
        #expect(try await first.value == second.value)
        #expect(calls.current == 1)
    }
}

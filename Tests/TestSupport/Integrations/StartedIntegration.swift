import Models
import Services

/// Starts `integration`, runs `body` with it and stops it, also when `body` throws.
public func withStarted<Subject: Integration, Result: Sendable>(
    _ integration: Subject,
    _ body: (Subject) async throws -> Result
) async throws -> Result {
    try await integration.start()
    return try await withCleanup {
        try await body(integration)
    } cleanup: {
        await integration.stop()
    }
}

/// Every post of `authorID` in `service`, walking the feed from the first page to the last.
public func allPosts(of authorID: User.ID, in service: some PostService) async throws -> [Post] {
    var posts: [Post] = []
    var request: PageRequest? = .first(100)
    while let current = request {
        let page = try await service.feed(authorID: authorID, page: current)
        posts += page.items
        request = current.next(after: page)
    }
    return posts
}

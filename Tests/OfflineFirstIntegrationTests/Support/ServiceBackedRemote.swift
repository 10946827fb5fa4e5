import Models
import Services
import TestSupport

/// A `PostSyncRemote` over another integration's post service, standing in for a server in the
/// contract tests: a publish keeps the post's id, a delete of a post already gone is done, and
/// every read of the change feed is a snapshot of the whole feed. `isReachable` off makes every
/// call fail as an unreachable server does.
final class ServiceBackedRemote: PostSyncRemote {
    let posts: any PostService
    let isReachable = Locked(true)

    init(posts: any PostService) {
        self.posts = posts
    }

    func send(_ command: OutboxCommand) async throws(ServiceError) -> Post? {
        try reachable()
        switch command.operation {
        case .publish(let post):
            do {
                return try await posts.publish(
                    PostDraft(authorID: post.authorID, text: post.text, videoID: post.videoID, id: post.id))
            } catch .conflict(let reason) {
                let held = try await posts.post(id: post.id)
                guard held.authorID == post.authorID else { throw .conflict(reason: reason) }
                return held
            }
        case .delete(let postID, let authorID):
            do {
                try await posts.delete(id: postID, by: authorID)
            } catch .notFound {}
            return nil
        }
    }

    func changes(authorID: User.ID, after cursor: String?, wait: Duration) async throws(ServiceError)
        -> PostChangeBatch
    {
        try reachable()
        let page = try await posts.feed(authorID: authorID, page: .first(100))
        return PostChangeBatch(changes: page.items.map { .saved($0) }, cursor: "snapshot", isSnapshot: true)
    }

    private func reachable() throws(ServiceError) {
        guard isReachable.current else {
            throw .unavailable(reason: "the test server is unreachable", retryAfter: nil)
        }
    }
}

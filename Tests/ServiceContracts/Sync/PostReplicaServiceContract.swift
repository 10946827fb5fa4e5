// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Foundation
import Models
import Services
import TestSupport
import Testing

/// The rules every `PostReplicaService` keeps, as named checks: the outbox is durable and
/// ordered, local changes and their commands go together, and the server's changes never undo a
/// change that waits to be sent.
public enum PostReplicaServiceContract: ServiceContract {
    /// Every check; names are stable and unique.
    public static let checks: [ContractCheck<PostReplicaServiceSubject>] = recordingChecks + remoteChecks
}

extension PostReplicaServiceSubject {
    /// A user as a server would make them, kept through the replica.
    func makeAuthor(_ prefix: String = "author") async throws -> User {
        let user = User(
            id: User.ID("user-\(UUID().uuidString.lowercased())"), handle: try Handle(uniqueHandle(prefix)),
            displayName: "Author", createdAt: Date(millisecondsSince1970: 1_700_000_000_000))
        try await replica.save(user)
        return user
    }

    /// A post by `author` as a device makes it: its own id and time.
    func draftPost(by author: User.ID, _ text: String = "hello", at milliseconds: Int64 = 1_700_000_000_000) -> Post {
        Post(
            id: Post.ID("post-\(UUID().uuidString.lowercased())"), authorID: author, text: text,
            createdAt: Date(millisecondsSince1970: milliseconds))
    }

    /// Records a publish of `post` under a fresh key and returns the command.
    @discardableResult
    func recordPublish(_ post: Post) async throws -> OutboxCommand {
        try await replica.record(.publish(post), key: "key-\(UUID().uuidString)")
    }

    /// Records a publish of each of `texts` by `author`, a second apart, and returns each post with
    /// its command.
    func recordPublishes(by author: User.ID, _ texts: String...) async throws -> [(post: Post, command: OutboxCommand)]
    {
        var recorded: [(post: Post, command: OutboxCommand)] = []
        for (offset, text) in texts.enumerated() {
            let post = draftPost(by: author, text, at: 1_700_000_000_000 + Int64(offset) * 1_000)
            recorded.append((post, try await recordPublish(post)))
        }
        return recorded
    }

    /// Records the delete of `post` by its author under `key`.
    @discardableResult
    func recordDelete(of post: Post, key: String) async throws -> OutboxCommand {
        try await replica.record(.delete(postID: post.id, authorID: post.authorID), key: key)
    }

    /// Every post of `author` the post service lists, newest first.
    func feed(of author: User.ID) async throws -> [Post] {
        try await posts.feed(authorID: author, page: .first(100)).items
    }
}

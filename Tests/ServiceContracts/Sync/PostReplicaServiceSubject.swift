// scripts/remove-integration deletes this file with the integration it is part of: OfflineFirst
import Services

/// What the `PostReplicaServiceContract` checks run against: the replica and the post and user
/// services that read the same store.
public struct PostReplicaServiceSubject: ContractSubject {
    /// The replica under test.
    public let replica: any PostReplicaService
    /// The posts it writes, as the app reads them.
    public let posts: any PostService
    /// The users it keeps, as the app reads them.
    public let users: any UserService
    /// Reopen and tear-down.
    public let hooks: SubjectHooks<PostReplicaServiceSubject>

    /// Creates a subject.
    public init(
        replica: any PostReplicaService, posts: any PostService, users: any UserService,
        hooks: SubjectHooks<PostReplicaServiceSubject> = SubjectHooks()
    ) {
        self.replica = replica
        self.posts = posts
        self.users = users
        self.hooks = hooks
    }
}

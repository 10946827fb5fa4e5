import Models

extension ModelStore {
    /// What changed in a store between two saves: every model saved or changed, as it is now, and
    /// the ids of those removed, each list sorted by id. Users are never removed.
    public struct Changes: Sendable, Equatable {
        /// Users created or changed.
        public var users: [User] = []
        /// Posts published or changed.
        public var posts: [Post] = []
        /// Posts deleted.
        public var deletedPosts: [Post.ID] = []
        // begin part of: library
        /// Videos saved or changed.
        public var library: [Video] = []
        /// Videos removed.
        public var deletedVideos: [Video.ID] = []
        // end part of: library
        /// Everything was replaced (a restore, a roll-back): the changes are not listed, and only
        /// a full save holds them.
        public var isFullReplace = false

        /// Nothing changed.
        public var isEmpty: Bool {
            !isFullReplace && users.isEmpty && posts.isEmpty && deletedPosts.isEmpty
                && library.isEmpty && deletedVideos.isEmpty  // part of: library
        }

        /// Creates a set of changes.
        public init(
            users: [User] = [], posts: [Post] = [], deletedPosts: [Post.ID] = [],
            library: [Video] = [], deletedVideos: [Video.ID] = [],  // part of: library
            isFullReplace: Bool = false
        ) {
            self.users = users
            self.posts = posts
            self.deletedPosts = deletedPosts
            self.library = library  // part of: library
            self.deletedVideos = deletedVideos  // part of: library
            self.isFullReplace = isFullReplace
        }

        /// Sorts each list by id, so the same changes always read the same.
        mutating func sort() {
            users.sort { $0.id < $1.id }
            posts.sort { $0.id < $1.id }
            deletedPosts.sort()
            library.sort { $0.id < $1.id }  // part of: library
            deletedVideos.sort()  // part of: library
        }
    }
}

extension ModelStore.Snapshot {
    /// This snapshot with each of `changes` applied in order, as a journal holds them: each model
    /// saved replaces the one with its id, each id removed goes. Applying changes a snapshot
    /// already holds changes nothing, so a journal may be replayed over a snapshot taken after part
    /// of it.
    public func applying(_ changes: some Sequence<ModelStore.Changes>) -> ModelStore.Snapshot {
        var users = Dictionary(self.users.map { ($0.id, $0) }) { first, _ in first }
        var posts = Dictionary(self.posts.map { ($0.id, $0) }) { first, _ in first }
        var library = Dictionary(self.library.map { ($0.id, $0) }) { first, _ in first }  // part of: library
        for change in changes {
            for user in change.users { users[user.id] = user }
            for post in change.posts { posts[post.id] = post }
            for id in change.deletedPosts { posts[id] = nil }
            for video in change.library { library[video.id] = video }  // part of: library
            for id in change.deletedVideos { library[id] = nil }  // part of: library
        }
        return ModelStore.Snapshot(
            users: users.values.sorted { $0.id < $1.id }, posts: posts.values.sorted { $0.id < $1.id },
            library: library.values.sorted { $0.id < $1.id },  // part of: library
        )
    }
}

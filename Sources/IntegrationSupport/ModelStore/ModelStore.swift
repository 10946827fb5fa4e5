import Foundation
import Models
import Services

/// What the store services keep (users, posts and the rest), held as app models in memory, with
/// every rule they promise: validation, unique handles, the author check, author-only deletes,
/// keyset paging.
///
/// The in-memory integration serves its services straight from one; a file-backed store keeps one
/// as its working copy and saves `snapshot()` after each change. Every method runs to completion
/// on the actor without suspending, so each operation is atomic and racing creates of one handle
/// have exactly one winner.
public actor ModelStore {
    /// Everything the store holds, as plain values: what a file-backed store writes and reads.
    public struct Snapshot: Sendable, Equatable {
        /// Every user.
        public var users: [User]
        /// Every post.
        public var posts: [Post]
        /// Every saved video.
        public var library: [Video]  // part of: library

        /// Creates a snapshot.
        public init(
            users: [User] = [], posts: [Post] = [],
            library: [Video] = [],  // part of: library
        ) {
            self.users = users
            self.posts = posts
            self.library = library  // part of: library
        }
    }

    /// The wall clock that stamps new posts and users.
    public nonisolated let now: @Sendable () -> Date
    /// Notified after every change; what the services' observations refresh on.
    public nonisolated let changes = ChangeSignal()
    /// Counts the changes made so far: it moves with every change (never back), so a file-backed
    /// store can tell whether a save holds a given change (`change(_:)`, `snapshotWithRevision()`).
    public private(set) var revision = 0
    // Every change to what the services list moves `revision` and notifies `changes`, however it
    // is made, and is remembered by key until `takeChanges()` hands it to a save.
    var users = TrackedTable<User.ID, User>() {
        didSet { if !isTakingChanges { changed() } }
    }
    var userIDsByHandle: [Handle: User.ID] = [:]
    var posts = TrackedTable<Post.ID, Post>() {
        didSet {
            feeds.removeAll(keepingCapacity: true)
            if !isTakingChanges { changed() }
        }
    }
    /// Each author's posts newest first, as the feed last listed them; emptied by any change to
    /// `posts`, so a feed paged through without changes between sorts once, not once per page.
    var feeds: [User.ID: [Post]] = [:]
    // begin part of: library
    var libraryVideos = TrackedTable<Video.ID, Video>() {
        didSet { if !isTakingChanges { changed() } }
    }
    // end part of: library
    /// Set while `takeChanges()` clears what the tables remember, which changes no model.
    private var isTakingChanges = false
    /// The outbox and change-feed cursors, when the store is a device's copy for an offline-first
    /// integration (`ModelStore+Outbox.swift`); empty otherwise.
    var outboxState = OutboxState()  // part of: OfflineFirst

    private func changed() {
        revision += 1
        changes.notify()
    }

    /// An empty store stamping with `now`.
    public init(now: @escaping @Sendable () -> Date = Date.init) {
        self.now = now
    }

    /// A fresh, unique identifier string: a lowercased random UUID.
    public nonisolated func makeID() -> String {
        UUID().uuidString.lowercased()
    }

    /// Everything the store holds, in a stable order (by id), so a file written from it diffs well.
    public func snapshot() -> Snapshot {
        Snapshot(
            users: users.values.sorted { $0.id < $1.id },
            posts: posts.values.sorted { $0.id < $1.id },
            library: libraryVideos.values.sorted { $0.id < $1.id },  // part of: library
        )
    }

    /// Runs `body` (one or more of the store's operations) as one step and returns its result with
    /// the revision after it: a save of that revision or a later one holds the change.
    public func change<Value: Sendable>(
        _ body: @Sendable (isolated ModelStore) throws(ServiceError) -> Value
    ) throws(ServiceError) -> (value: Value, revision: Int) {
        let value = try body(self)
        return (value, revision)
    }

    /// Everything the store holds and the revision it holds it at, read in one step.
    public func snapshotWithRevision() -> (snapshot: Snapshot, revision: Int) {
        (snapshot(), revision)
    }

    /// What changed since the last call (each changed model as it is now, or its id when it is
    /// gone) and the revision it brings the store to, read and forgotten in one step: what a
    /// file-backed store appends to its journal. After `restore(_:)` or `removeAll()` it says
    /// `isFullReplace`, and only a full save holds the change.
    public func takeChanges() -> (changes: Changes, revision: Int) {
        isTakingChanges = true
        defer { isTakingChanges = false }
        let (users, posts) = (self.users.takeChanges(), self.posts.takeChanges())
        let library = libraryVideos.takeChanges()  // part of: library
        guard !users.isReplaced, !posts.isReplaced else { return (Changes(isFullReplace: true), revision) }
        guard !library.isReplaced else { return (Changes(isFullReplace: true), revision) }  // part of: library
        var changes = Changes()
        for (_, user) in users.changed { if let user { changes.users.append(user) } }
        for (id, post) in posts.changed {
            if let post { changes.posts.append(post) } else { changes.deletedPosts.append(id) }
        }
        // begin part of: library
        for (id, video) in library.changed {
            if let video { changes.library.append(video) } else { changes.deletedVideos.append(id) }
        }
        // end part of: library
        changes.sort()
        return (changes, revision)
    }

    /// `takeChanges()` and `snapshotWithRevision()` in one step: the snapshot holds those changes
    /// and nothing made after them, so a store that journals the changes before it writes the
    /// snapshot has a journal that replays over it to exactly it.
    public func takeChangesWithSnapshot() -> (changes: Changes, snapshot: Snapshot, revision: Int) {
        let (changes, revision) = takeChanges()
        return (changes, snapshot(), revision)
    }

    /// Puts back `snapshot` (one this store produced) and returns the revision after it: every
    /// change at or below that revision is undone or replaced. For a file-backed store whose save
    /// failed, so nothing stays visible that the file does not hold.
    public func rollBack(to snapshot: Snapshot) -> Int {
        // A snapshot this store produced follows every rule `restore` checks.
        try? restore(snapshot)
        changed()
        return revision
    }

    /// Replaces everything with `snapshot`.
    ///
    /// - Throws: `.corruptData` (location `"snapshot"`) when two users share a handle or an id
    ///   appears twice: data no store following the rules could have written.
    public func restore(_ snapshot: Snapshot) throws(ServiceError) {
        var users: [User.ID: User] = [:]
        var handles: [Handle: User.ID] = [:]
        for user in snapshot.users {
            guard users[user.id] == nil, handles[user.handle] == nil else {
                throw .corruptData(location: "snapshot", reason: "user \(user.id) (\(user.handle)) appears twice")
            }
            users[user.id] = user
            handles[user.handle] = user.id
        }
        let posts = Dictionary(snapshot.posts.map { ($0.id, $0) }) { first, _ in first }
        guard posts.count == snapshot.posts.count else {
            throw .corruptData(location: "snapshot", reason: "a post id appears twice")
        }
        // begin part of: library
        let library = Dictionary(snapshot.library.map { ($0.id, $0) }) { first, _ in first }
        guard library.count == snapshot.library.count else {
            throw .corruptData(location: "snapshot", reason: "a video id appears twice")
        }
        // end part of: library
        self.users.replaceAll(with: users)
        userIDsByHandle = handles
        self.posts.replaceAll(with: posts)
        libraryVideos.replaceAll(with: library)  // part of: library
    }

    /// Drops every model: the store is empty afterwards.
    public func removeAll() {
        users.replaceAll(with: [:])
        userIDsByHandle.removeAll()
        posts.replaceAll(with: [:])
        libraryVideos.replaceAll(with: [:])  // part of: library
    }

    /// `(milliseconds, id)`: where an item sits in a newest-first listing.
    static func position<Subject>(_ date: Date, _ id: Identifier<Subject>) -> (milliseconds: Int64, id: String) {
        (date.millisecondsSince1970, id.rawValue)
    }

    /// The newest `count` of `items`, newest first, ties broken by descending id: what a first page
    /// needs, in one pass that keeps `count` items instead of sorting them all.
    static func newest<Item>(
        _ count: Int, of items: some Sequence<Item>, key: (Item) -> (Date, String)
    ) -> [Item] {
        var kept: [(key: (Date, String), item: Item)] = []
        kept.reserveCapacity(count + 1)
        for item in items {
            let itemKey = key(item)
            if kept.count == count, let last = kept.last, !(itemKey > last.key) { continue }
            // The first kept entry it is newer than; the list stays newest first.
            var (low, high) = (0, kept.count)
            while low < high {
                let middle = (low + high) / 2
                if itemKey > kept[middle].key { high = middle } else { low = middle + 1 }
            }
            kept.insert((itemKey, item), at: low)
            if kept.count > count { kept.removeLast() }
        }
        return kept.map(\.item)
    }

    /// `items` newest first, ties broken by descending id.
    static func newestFirst<Item, Subject>(
        _ items: some Sequence<Item>,
        date: (Item) -> Date,
        id: (Item) -> Identifier<Subject>
    ) -> [Item] {
        items.sorted { lhs, rhs in
            date(lhs) != date(rhs) ? date(lhs) > date(rhs) : id(lhs) > id(rhs)
        }
    }
}

import IntegrationSupport
import Models
import Services

extension ModelStore.Changes {
    /// The changes a journal line holds, each model checked with the same rules as the file's.
    ///
    /// - Throws: `.corruptData` naming the line and the entry (`posts[0]`) that cannot be an app
    ///   model, and the rule it breaks.
    init(_ entry: JournalEntry, location: String) throws(ServiceError) {
        self.init()
        for (index, user) in (entry.users ?? []).enumerated() {
            users.append(try User(user, location: "\(location) at users[\(index)]"))
        }
        for (index, post) in (entry.posts ?? []).enumerated() {
            posts.append(try Post(post, location: "\(location) at posts[\(index)]"))
        }
        for (index, video) in (entry.library ?? []).enumerated() {
            library.append(try Video(video, location: "\(location) at library[\(index)]"))
        }
        deletedPosts = (entry.deletedPosts ?? []).map { Post.ID($0) }
        deletedVideos = (entry.deletedVideos ?? []).map { Video.ID($0) }
    }
}

extension JournalEntry {
    /// The line that records `changes` (which list changes, not a full replace).
    init(_ changes: ModelStore.Changes) {
        func listed<Element>(_ list: [Element]) -> [Element]? { list.isEmpty ? nil : list }
        self.init(
            users: listed(changes.users.map(UserEntry.init)), posts: listed(changes.posts.map(PostEntry.init)),
            deletedPosts: listed(changes.deletedPosts.map(\.rawValue)),
            library: listed(changes.library.map(VideoEntry.init)),
            deletedVideos: listed(changes.deletedVideos.map(\.rawValue)))
    }
}

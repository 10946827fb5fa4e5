import IntegrationSupport
import Models
import Services

extension ModelStore.Snapshot {
    /// The app models the file holds, each checked with the same rules a change through the
    /// services must pass, so a file edited by hand (or by something else) can never bring in a
    /// model no service would have stored.
    ///
    /// - Throws: `.corruptData` naming the file and the entry (`posts[2]`) that cannot be an app
    ///   model, and the rule it breaks.
    init(_ document: StoreDocument, file: String) throws(ServiceError) {
        var users: [User] = []
        for (index, entry) in document.users.enumerated() {
            users.append(try User(entry, location: "\(file) at users[\(index)]"))
        }
        var posts: [Post] = []
        for (index, entry) in document.posts.enumerated() {
            posts.append(try Post(entry, location: "\(file) at posts[\(index)]"))
        }
        var library: [Video] = []
        for (index, entry) in document.library.enumerated() {
            library.append(try Video(entry, location: "\(file) at library[\(index)]"))
        }
        self.init(users: users, posts: posts, library: library)
    }
}

extension StoreDocument {
    /// The document that stores `snapshot`, in the current format, each list sorted by id.
    init(_ snapshot: ModelStore.Snapshot) {
        self.init(
            formatVersion: Self.currentFormatVersion,
            users: snapshot.users.sorted { $0.id < $1.id }.map(UserEntry.init),
            posts: snapshot.posts.sorted { $0.id < $1.id }.map(PostEntry.init),
            library: snapshot.library.sorted { $0.id < $1.id }.map(VideoEntry.init)
        )
    }
}

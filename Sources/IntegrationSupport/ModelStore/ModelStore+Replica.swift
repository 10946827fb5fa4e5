import Models
import Services

extension ModelStore {
    /// Stores `post` as given, with the id and time made elsewhere (a device, a server).
    ///
    /// - Throws: `.notFound` for an unknown author, `.conflict` when the id is taken.
    public func insert(_ post: Post) throws(ServiceError) {
        guard users[post.authorID] != nil else { throw .notFound(what: "author \(post.authorID)") }
        guard posts[post.id] == nil else { throw .conflict(reason: "a post with id \(post.id) already exists") }
        posts[post.id] = post
    }

    /// Stores `post` as given, replacing the post with its id if there is one.
    ///
    /// - Throws: `.notFound` for an unknown author.
    public func save(_ post: Post) throws(ServiceError) {
        guard users[post.authorID] != nil else { throw .notFound(what: "author \(post.authorID)") }
        if posts[post.id] != post { posts[post.id] = post }
    }

    /// Removes the post with `id`, if there is one.
    public func removePost(id: Post.ID) {
        if posts[id] != nil { posts[id] = nil }
    }

    /// The ids of `authorID`'s posts.
    public func postIDs(of authorID: User.ID) -> Set<Post.ID> {
        Set(posts.values.filter { $0.authorID == authorID }.map(\.id))
    }

    /// Stores `user` as given, replacing the user with its id if there is one.
    ///
    /// - Throws: `.conflict` when another user holds the handle.
    public func save(_ user: User) throws(ServiceError) {
        if let holder = userIDsByHandle[user.handle], holder != user.id {
            throw .conflict(reason: "the handle \(user.handle) is taken")
        }
        if let old = users[user.id], old.handle != user.handle { userIDsByHandle[old.handle] = nil }
        userIDsByHandle[user.handle] = user.id
        if users[user.id] != user { users[user.id] = user }
    }
}

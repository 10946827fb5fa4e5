import Models
import Services

extension ModelStore {
    /// Validates and stores a post by an existing author; see `PostService.publish(_:)`.
    public func publish(_ draft: PostDraft) throws(ServiceError) -> Post {
        let post = try ServiceError.validating { () throws(ValidationError) in
            try PostRules.post(from: draft, now: now())
        }
        try insert(post)
        return post
    }

    /// The post with `id`; see `PostService.post(id:)`.
    public func post(id: Post.ID) throws(ServiceError) -> Post {
        guard let post = posts[id] else { throw .notFound(what: "post \(id)") }
        return post
    }

    /// One page of `authorID`'s posts, newest first; see `PostService.feed(authorID:page:)`.
    public func feed(authorID: User.ID, request: PageRequest) throws(ServiceError) -> Page<Post> {
        let page = try KeysetPage(request, scope: KeysetCursor.feedScope(authorID))
        let position = { (post: Post) in Self.position(post.createdAt, post.id) }
        if let listing = feeds[authorID] { return page.page(ofListing: listing, position: position) }
        if request.cursor == nil {
            // A first page (what a screen and every observation read) needs only the newest few.
            let newest = Self.newest(page.limit, of: posts.values.lazy.filter { $0.authorID == authorID }) {
                ($0.createdAt, $0.id.rawValue)
            }
            return page.page(of: newest, position: position)
        }
        let listing = Self.newestFirst(posts.values.filter { $0.authorID == authorID }, date: \.createdAt, id: \.id)
        feeds[authorID] = listing
        return page.page(ofListing: listing, position: position)
    }

    /// Deletes the post with `id` for its author; see `PostService.delete(id:by:)`.
    public func deletePost(id: Post.ID, by actorID: User.ID) throws(ServiceError) {
        guard let post = posts[id] else { throw .notFound(what: "post \(id)") }
        guard post.authorID == actorID else { throw .forbidden(reason: "only the author of post \(id) may delete it") }
        posts[id] = nil
    }
}

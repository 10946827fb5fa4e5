import Models
import Services

extension InMemoryStore {
    func publish(_ draft: PostDraft) throws(ServiceError) -> Post {
        let text = try ServiceError.validating { () throws(ValidationError) in try PostRules.validatedText(draft.text) }
        guard users[draft.authorID] != nil else { throw .notFound(what: "author \(draft.authorID)") }
        let post = Post(
            id: Post.ID(makeID()),
            authorID: draft.authorID,
            text: text,
            createdAt: now(),
            videoID: draft.videoID
        )
        posts[post.id] = post
        return post
    }

    func post(id: Post.ID) throws(ServiceError) -> Post {
        guard let post = posts[id] else { throw .notFound(what: "post \(id)") }
        return post
    }

    func feed(authorID: User.ID, request: PageRequest) throws(ServiceError) -> Page<Post> {
        try page(
            of: posts.values.filter { $0.authorID == authorID },
            scope: "posts:\(authorID)",
            request: request,
            date: \.createdAt,
            id: \.id
        )
    }

    func deletePost(id: Post.ID) throws(ServiceError) {
        guard posts.removeValue(forKey: id) != nil else { throw .notFound(what: "post \(id)") }
    }
}

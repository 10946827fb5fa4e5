import BackendAPI
import Models
import Services

/// An author's feed, one post, publish and delete.
enum PostRoutes {
    static let all: [Route] = [
        Route("listPosts", "GET", "/v1/users/{user_id}/posts", answers: [200]) { context throws(APIFailure) in
            let author = User.ID(context.parameter("user_id"))
            let page = try context.pageRequest()
            let posts = try await context.call { () async throws(ServiceError) in
                try await context.backend.posts.feed(authorID: author, page: page)
            }
            return .json(200, WireCoding.encode(Schemas.PostPage(posts, Schemas.Post.init)))
        },
        Route("getPostChanges", "GET", "/v1/users/{user_id}/posts/changes", answers: [200]) {
            context throws(APIFailure) in
            let author = User.ID(context.parameter("user_id"))
            let wait = try context.longPollWait()
            let read = await context.backend.postLog.read(
                authorID: author, after: context.request.queryValue("cursor"), wait: wait)
            let (ids, cursor): ([Post.ID], String)
            switch read {
            case .forgotten(let restart):
                return .json(200, WireCoding.encode(Schemas.PostChanges(changes: [], cursor: restart, reset: true)))
            case .changed(let changed, let next): (ids, cursor) = (changed, next)
            case .busy:
                throw APIFailure(
                    .unavailable(
                        reason: "as many reads as the server lets wait are waiting for changes; retry shortly",
                        retryAfter: .seconds(1)))
            }
            var changes: [Schemas.PostChanges.Change] = []
            for id in ids {
                // A post that is gone is a deletion; any other failure fails the read, so a client
                // never deletes a post because the store could not be read.
                let post = try await context.call { () async throws(ServiceError) -> Post? in
                    do throws(ServiceError) {
                        return try await context.backend.posts.post(id: id)
                    } catch .notFound {
                        return nil
                    }
                }
                changes.append(
                    .init(postID: id.rawValue, post: post.flatMap { $0.authorID == author ? Schemas.Post($0) : nil }))
            }
            return .json(200, WireCoding.encode(Schemas.PostChanges(changes: changes, cursor: cursor, reset: false)))
        },
        Route("getPost", "GET", "/v1/posts/{post_id}", answers: [200]) { context throws(APIFailure) in
            let id = Post.ID(context.parameter("post_id"))
            let post = try await context.call { () async throws(ServiceError) in
                try await context.backend.posts.post(id: id)
            }
            return .json(200, WireCoding.encode(Schemas.Post(post)))
        },
        Route("publishPost", "POST", "/v1/posts", answers: [201]) { context throws(APIFailure) in
            let author = try await context.signedInUser()
            var draft = PostDraft(try context.body(Schemas.NewPost.self), authorID: author)
            // A post without an id of its own, sent with a key, gets an id made from the key, so a
            // retry whose first answer a crash lost finds the post it made (`KeyedID`).
            let keyedID = (draft.id == nil ? context.request.header("idempotency-key") : nil).map {
                Post.ID(KeyedID.make("post", scope: author.rawValue, key: $0))
            }
            if let keyedID { draft.id = keyedID }
            let post = try await context.change { () async throws(ServiceError) in
                do throws(ServiceError) {
                    return try await context.backend.posts.publish(draft)
                } catch .conflict(let reason) {
                    guard let keyedID else { throw .conflict(reason: reason) }
                    return try await earlierPost(draft, keyedID: keyedID, posts: context.backend.posts)
                }
            }
            await context.backend.postLog.record(authorID: author, postID: post.id)
            return .json(201, WireCoding.encode(Schemas.Post(post)))
        },
        Route("deletePost", "DELETE", "/v1/posts/{post_id}", answers: [204]) { context throws(APIFailure) in
            let actor = try await context.signedInUser()
            let id = Post.ID(context.parameter("post_id"))
            try await context.change { () async throws(ServiceError) in
                try await context.backend.posts.delete(id: id, by: actor)
            }
            await context.backend.postLog.record(authorID: actor, postID: id)
            return .empty(204)
        },
    ]

    /// The post an earlier request with the key of `draft`'s id made, when it is the post `draft`
    /// asks for. When another author holds the id (a client may choose any id), the post is
    /// published under a random one instead: nobody can block a key by taking its id.
    ///
    /// - Throws: `.conflict` when the author's post under the id is another: the key was used
    ///   for another request; what `publish` throws.
    private static func earlierPost(_ draft: PostDraft, keyedID: Post.ID, posts: any PostService)
        async throws(ServiceError) -> Post
    {
        let earlier = try await posts.post(id: keyedID)
        guard earlier.authorID == draft.authorID else {
            var unkeyed = draft
            unkeyed.id = nil
            return try await posts.publish(unkeyed)
        }
        guard earlier.text == (try? PostRules.validatedText(draft.text)), earlier.videoID == draft.videoID else {
            throw .conflict(reason: "this Idempotency-Key was used for another post; use a new key for a new request")
        }
        return earlier
    }
}

import Models

/// `DELETE /v1/posts/{post_id}`: deletes a post; only its author may (403 otherwise).
struct DeletePost: Endpoint {
    let postID: Post.ID
    let actorID: User.ID

    var method: HTTPMethod { .delete }
    var route: String { "/v1/posts/{post_id}" }
    var path: String { "/v1/posts/" + Path.segment(postID.rawValue) }
    var actingUser: User.ID? { actorID }

    typealias Response = Void
}

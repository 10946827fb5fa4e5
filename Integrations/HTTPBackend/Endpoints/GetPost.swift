import Models

/// `GET /v1/posts/{post_id}`: one post (public).
struct GetPost: Endpoint {
    let postID: Post.ID

    var method: HTTPMethod { .get }
    var route: String { "/v1/posts/{post_id}" }
    var path: String { "/v1/posts/" + Path.segment(postID.rawValue) }

    typealias Response = PostDTO
}

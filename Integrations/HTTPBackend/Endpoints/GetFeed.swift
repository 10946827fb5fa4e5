import Models

/// `GET /v1/users/{user_id}/posts`: one page of an author's posts, newest first (public).
struct GetFeed: Endpoint {
    let authorID: User.ID
    let page: PageRequest

    var method: HTTPMethod { .get }
    var route: String { "/v1/users/{user_id}/posts" }
    var path: String { "/v1/users/" + Path.segment(authorID.rawValue) + "/posts" }
    var parameters: (any Encodable & Sendable)? { PageParameters(pageSize: page.size, cursor: page.cursor?.rawValue) }

    typealias Response = PageDTO<PostDTO>
}

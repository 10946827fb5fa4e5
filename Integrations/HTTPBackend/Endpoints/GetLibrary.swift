import Models

/// `GET /v1/users/{user_id}/videos`: one page of the signed-in owner's saved videos, newest first.
struct GetLibrary: Endpoint {
    let ownerID: User.ID
    let page: PageRequest

    var method: HTTPMethod { .get }
    var route: String { "/v1/users/{user_id}/videos" }
    var path: String { "/v1/users/" + Path.segment(ownerID.rawValue) + "/videos" }
    var parameters: (any Encodable & Sendable)? { PageParameters(pageSize: page.size, cursor: page.cursor?.rawValue) }
    var actingUser: User.ID? { ownerID }

    typealias Response = PageDTO<VideoDTO>
}

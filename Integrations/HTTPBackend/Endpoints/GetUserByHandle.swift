import Models

/// `GET /v1/handles/{handle}`: the user with a handle, in any letter case (public).
struct GetUserByHandle: Endpoint {
    let handle: String

    var method: HTTPMethod { .get }
    var route: String { "/v1/handles/{handle}" }
    var path: String { "/v1/handles/" + Path.segment(handle) }

    typealias Response = UserDTO
}

import Models

/// `GET /v1/users/{user_id}`: one user (public).
struct GetUser: Endpoint {
    let userID: User.ID

    var method: HTTPMethod { .get }
    var route: String { "/v1/users/{user_id}" }
    var path: String { "/v1/users/" + Path.segment(userID.rawValue) }

    typealias Response = UserDTO
}

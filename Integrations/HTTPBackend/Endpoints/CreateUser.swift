import Models

/// `POST /v1/users`: signs a new user up (public).
struct CreateUser: Endpoint {
    let handle: String
    let displayName: String

    var method: HTTPMethod { .post }
    var route: String { "/v1/users" }
    var path: String { "/v1/users" }
    var parameters: (any Encodable & Sendable)? { NewUserParameters(handle: handle, displayName: displayName) }

    typealias Response = UserDTO
}

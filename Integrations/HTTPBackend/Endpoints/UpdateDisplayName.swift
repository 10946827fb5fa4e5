import Models

/// `PATCH /v1/users/{user_id}`: changes the signed-in user's display name.
struct UpdateDisplayName: Endpoint {
    let userID: User.ID
    let displayName: String

    var method: HTTPMethod { .patch }
    var route: String { "/v1/users/{user_id}" }
    var path: String { "/v1/users/" + Path.segment(userID.rawValue) }
    var parameters: (any Encodable & Sendable)? { DisplayNameParameters(displayName: displayName) }
    var actingUser: User.ID? { userID }

    typealias Response = UserDTO
}

import Models

/// `DELETE /v1/sessions/current`: ends the session that signs it, on the server, at once.
struct SignOut: Endpoint {
    let userID: User.ID

    var method: HTTPMethod { .delete }
    var route: String { "/v1/sessions/current" }
    var path: String { "/v1/sessions/current" }
    var actingUser: User.ID? { userID }

    typealias Response = Void
}

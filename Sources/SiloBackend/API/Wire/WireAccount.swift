/// The body of `POST /v1/accounts`: the new user, and their password (none for a device account).
struct NewAccountRequest: Codable, Sendable {
    var handle: String
    var displayName: String
    var password: String?

    enum CodingKeys: String, CodingKey {
        case handle, password
        case displayName = "display_name"
    }
}

/// The answer to `POST /v1/accounts`: the user it made, signed in.
struct WireAccount: Codable, Sendable {
    var user: WireUser
    var session: WireSession
}

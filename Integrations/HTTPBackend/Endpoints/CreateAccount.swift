import Models

/// `POST /v1/accounts`: signs a new user up, and in (public). Without a password it makes a
/// device account: only the session in the answer acts for it.
struct CreateAccount: Endpoint {
    let handle: String
    let displayName: String
    let password: Password?

    var method: HTTPMethod { .post }
    var route: String { "/v1/accounts" }
    var path: String { "/v1/accounts" }
    var parameters: (any Encodable & Sendable)? {
        NewAccountParameters(handle: handle, displayName: displayName, password: password?.text)
    }

    typealias Response = AccountDTO
}

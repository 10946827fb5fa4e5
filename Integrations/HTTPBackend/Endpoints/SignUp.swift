import HTTPSupport
import Models

/// `signUp`, `POST /v1/accounts`: signs a new user up, and in (public). Without a password it makes
/// a device account: only the session in the answer acts for it.
struct SignUp: Endpoint {
    static let operation = APIOperation("signUp", .post, "/v1/accounts", success: [201])

    let handle: String
    let displayName: String
    let password: Password?

    var parameters: (any Encodable & Sendable)? {
        Body(handle: handle, displayName: displayName, password: password?.text)
    }

    typealias Response = AccountDTO

    /// The JSON body; no `password` makes a device account.
    struct Body: Encodable, Sendable {
        var handle: String
        var displayName: String
        var password: String?

        enum CodingKeys: String, CodingKey {
            case handle, password
            case displayName = "display_name"
        }
    }
}

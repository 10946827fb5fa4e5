import Foundation
import Testing

/// A user signed in on a test backend, read from what `POST /v1/accounts` or `POST /v1/sessions`
/// answered.
struct BackendAccount: Sendable {
    /// The user's id.
    let userID: String
    /// The session's access token.
    let accessToken: String
    /// The session's refresh token.
    let refreshToken: String

    /// The account in a `201` answer: `{"user": …, "session": …}` or a bare session.
    init(answer: BackendAnswer) throws {
        guard answer.status == 201 || answer.status == 200 else {
            throw BackendProcessFailure(description: "expected a session, got \(answer)")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
        let session = (object["session"] as? [String: Any]) ?? object
        userID = try #require(((object["user"] as? [String: Any])?["id"] ?? session["user_id"]) as? String)
        accessToken = try #require(session["access_token"] as? String, "\(answer)")
        refreshToken = try #require(session["refresh_token"] as? String, "\(answer)")
    }
}

extension BackendProcess {
    /// Signs `handle` up with `password` (a device account without one) and returns its first session.
    func signUp(_ handle: String, password: String? = nil) async throws -> BackendAccount {
        let passwordField = password.map { #", "password": "\#($0)""# } ?? ""
        return try BackendAccount(
            answer: try await exchange(
                "POST", "/v1/accounts", body: #"{"handle": "\#(handle)", "display_name": "T"\#(passwordField)}"#))
    }

    /// What `POST /v1/sessions` answers to `handle` and `password`.
    func signIn(_ handle: String, password: String) async throws -> BackendAnswer {
        try await exchange("POST", "/v1/sessions", body: #"{"handle": "\#(handle)", "password": "\#(password)"}"#)
    }

    /// A session for `user`, any id, from the test control `POST /_test/sessions`; `nil` when the
    /// backend refused. What the contract fixtures' clients use for users they hold no session for.
    func testSession(for user: String) async -> (accessToken: String, refreshToken: String)? {
        let body = try? JSONSerialization.data(withJSONObject: ["user_id": user])
        guard let body,
            let answer = try? await exchange("POST", "/_test/sessions", body: String(decoding: body, as: UTF8.self)),
            let account = try? BackendAccount(answer: answer)
        else { return nil }
        return (account.accessToken, account.refreshToken)
    }
}

import Models

/// Where the bearer tokens that sign requests come from: the integration's session store.
///
/// The client's `AuthMiddleware` asks it for the token of each request that acts for a user, and
/// for a new one when the server refused a token with a 401.
public protocol TokenProvider: Sendable {
    /// The access token that signs `user`'s requests.
    ///
    /// - Throws: `.notSignedIn` when the device holds no session for `user`; nothing is sent.
    func accessToken(for user: User.ID) async throws(HTTPFailure) -> String

    /// A token to replay with after the server refused `rejected` for `user`: renewed once for
    /// every caller that hit the same 401, sending any request it needs (a refresh) through `send`
    /// (the chain below authentication: retry, logging, transport).
    ///
    /// - Throws: what the renewal failed with; `.notSignedIn` when the session is gone.
    func renew(
        _ user: User.ID, rejected: String, sendingThrough send: @escaping HTTPHandler
    ) async throws(HTTPFailure) -> String
}

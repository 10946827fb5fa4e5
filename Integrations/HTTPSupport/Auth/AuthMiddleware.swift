/// Signs every attempt of a request that acts for a user with that user's bearer token, and on a
/// 401 renews the token once (shared by every caller that hit it) and replays the request.
///
/// A second 401 after the replay is returned as it is: the call fails `unauthorized`.
struct AuthMiddleware: HTTPMiddleware {
    let tokens: any TokenProvider
    /// The chain below this middleware, which a renewal sends its own requests through.
    let unsigned: HTTPHandler

    func intercept(_ request: HTTPRequest, next: HTTPHandler) async throws(HTTPFailure) -> HTTPResponse {
        guard let user = request.actingUser else { return try await next(request) }
        let token = try await tokens.accessToken(for: user)
        var signed = request
        signed.headers["Authorization"] = "Bearer \(token)"
        let response = try await next(signed)
        guard response.status == 401 else { return response }
        let renewed = try await tokens.renew(user, rejected: token, sendingThrough: unsigned)
        signed.headers["Authorization"] = "Bearer \(renewed)"
        return try await next(signed)
    }
}

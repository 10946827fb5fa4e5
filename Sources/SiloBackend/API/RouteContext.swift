import Models
import Services

/// What a route handler gets: the request, its path parameters and the backend.
struct RouteContext: Sendable {
    let request: ServerRequest
    let parameters: [String: String]
    let backend: Backend

    /// The path parameter `name` (the router only calls a handler when every one is present).
    func parameter(_ name: String) -> String {
        parameters[name] ?? ""
    }

    /// The request body decoded as `T`.
    func body<T: Decodable>(_ type: T.Type) throws(APIFailure) -> T {
        try WireCoding.decode(type, from: request)
    }

    /// The signed-in user: the owner of the bearer token.
    ///
    /// - Throws: 401 with `WWW-Authenticate: Bearer` when the token is missing, unknown or expired.
    func signedInUser() async throws(APIFailure) -> User.ID {
        guard let token = request.bearerToken else {
            throw Self.unauthorized("sign in and send 'Authorization: Bearer <access_token>'")
        }
        guard let user = await backend.state.user(accessToken: token) else {
            throw Self.unauthorized("the access token is unknown or expired; refresh the session")
        }
        return user
    }

    /// The `wait` query parameter: how long a change-feed read may wait for a change, 0–25 s
    /// (0 when absent).
    func longPollWait() throws(APIFailure) -> Duration {
        guard let text = request.queryValue("wait") else { return .zero }
        guard let seconds = Double(text), seconds.isFinite, (0...25).contains(seconds) else {
            throw APIFailure(422, .invalidInput, "wait must be a number of seconds from 0 to 25", field: "wait")
        }
        return .milliseconds(Int64((seconds * 1_000).rounded()))
    }

    /// `page_size` (1–100, default 20) and `cursor` from the query.
    func pageRequest() throws(APIFailure) -> PageRequest {
        let size: Int
        if let text = request.queryValue("page_size") {
            guard let value = Int(text) else {
                throw APIFailure(422, .invalidInput, "page_size must be a whole number", field: "page_size")
            }
            size = value
        } else {
            size = 20
        }
        return PageRequest(size: size, cursor: request.queryValue("cursor").map { Cursor(rawValue: $0) })
    }

    /// Runs a service call, turning its error into the API's failure.
    func call<T>(_ body: () async throws(ServiceError) -> T) async throws(APIFailure) -> T {
        do {
            return try await body()
        } catch {
            throw APIFailure(error)
        }
    }

    /// Runs a change and counts it in the change log when it succeeds.
    func change<T>(_ body: () async throws(ServiceError) -> T) async throws(APIFailure) -> T {
        let result = try await call(body)
        await backend.changes.record()
        return result
    }

    /// A 401 with `WWW-Authenticate: Bearer`.
    static func unauthorized(_ message: String) -> APIFailure {
        var failure = APIFailure(401, .unauthorized, message)
        failure.headers = [("WWW-Authenticate", "Bearer")]
        return failure
    }
}

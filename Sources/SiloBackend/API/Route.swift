import Foundation

/// One route: the operation it serves, named as in Docs/openapi.yaml (`listPosts`), its method,
/// its path pattern like `/v1/users/{user_id}/posts`, the statuses it answers with when it
/// succeeds, and its handler. `HTTPBackendIntegrationTests` holds every route against the spec.
struct Route: Sendable {
    typealias Handler = @Sendable (RouteContext) async throws(APIFailure) -> ServerResponse

    /// The spec's `operationId`.
    let operationID: String
    let method: String
    let pattern: String
    /// The statuses below 400 the handler may answer with; any other is a bug the backend
    /// reports as a 500 (`Backend.run`), so a route cannot drift from the spec unnoticed.
    let successStatuses: Set<Int>
    /// Whether a request with an `Idempotency-Key` is served once per key, its answer kept for
    /// repeats (see `Idempotency`): every `POST`, `PUT`, `PATCH` and `DELETE` unless the route
    /// opts out, as sign-in does (its answer holds tokens, which the server never keeps).
    let keepsAnswers: Bool
    let handler: Handler
    private let segments: [Substring]

    init(
        _ operationID: String, _ method: String, _ pattern: String, answers successStatuses: Set<Int>,
        keepsAnswers: Bool? = nil, handler: @escaping Handler
    ) {
        self.operationID = operationID
        self.method = method
        self.pattern = pattern
        self.successStatuses = successStatuses
        self.keepsAnswers = keepsAnswers ?? Idempotency.mutatingMethods.contains(method)
        self.handler = handler
        segments = pattern.split(separator: "/")
    }

    /// The path parameters when `path` matches the pattern (decoded), else `nil`.
    func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            if segment.hasPrefix("{") {
                guard let value = part.removingPercentEncoding, !value.isEmpty else { return nil }
                parameters[String(segment.dropFirst().dropLast())] = value
            } else if segment != part {
                return nil
            }
        }
        return parameters
    }
}

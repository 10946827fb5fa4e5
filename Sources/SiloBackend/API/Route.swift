import Foundation

/// One route: a method, a path pattern like `/v1/users/{user_id}/posts`, and its handler.
struct Route: Sendable {
    typealias Handler = @Sendable (RouteContext) async throws(APIFailure) -> HTTPResponse

    let method: String
    let pattern: String
    /// Whether a request with an `Idempotency-Key` is served once per key, its answer kept for
    /// repeats (see `Idempotency`): every `POST`, `PUT`, `PATCH` and `DELETE` unless the route
    /// opts out, as sign-in does (its answer holds tokens, which the server never keeps).
    let keepsAnswers: Bool
    let handler: Handler
    private let segments: [Substring]

    init(_ method: String, _ pattern: String, keepsAnswers: Bool? = nil, handler: @escaping Handler) {
        self.method = method
        self.pattern = pattern
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

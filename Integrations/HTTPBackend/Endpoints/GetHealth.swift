/// `GET /v1/health`: whether the backend is up; the integration's start-up probe.
struct GetHealth: Endpoint {
    var method: HTTPMethod { .get }
    var route: String { "/v1/health" }
    var path: String { "/v1/health" }
    /// Sent once: the probe says how the backend is now, and retrying a silent one would only
    /// make start-up wait three deadlines instead of one.
    var isIdempotent: Bool { false }

    func decode(_ response: HTTPResponse) throws(HTTPFailure) {}
}

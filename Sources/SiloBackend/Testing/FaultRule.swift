/// A fault the backend injects into the responses of one route, for tests of the client.
///
/// Posted as JSON to `POST /_test/faults` when the backend runs with `--test-controls`:
/// `{"method": "GET", "path": "/v1/posts/{post_id}", "status": 503, "retry_after": 1, "times": 2}`.
/// `path` is a route pattern or a literal path. Without `status` or `body` the real response is
/// sent, delayed or cut as the rule says; with `status` the route does not run unless `after_route`.
struct FaultRule: Codable, Sendable {
    /// The method it applies to.
    var method: String
    /// The route pattern (`/v1/posts/{post_id}`) or literal path it applies to; `*` for every
    /// path (never a test control's).
    var path: String
    /// The status to answer with instead of the real one.
    var status: Int?
    /// A `Retry-After` header, in seconds.
    var retryAfter: Int?
    /// How long to wait before answering, in milliseconds (for benchmarks; tests hold instead).
    var delayMilliseconds: Int?
    /// Hold the answer until `POST /_test/release`: a slow answer whose length the test decides,
    /// made when the request arrived (`GET /_test/held` tells when it has).
    var hold: Bool?
    /// A body to send instead of the real one (any text: truncated JSON, wrong types, HTML).
    var body: String?
    /// A body of this many bytes (a JSON string of `x`), instead of the real one.
    var bodySize: Int?
    /// The `Content-Type` of `body`, `application/json` by default.
    var contentType: String?
    /// `"truncated"` (half the body, then the connection closes) or `"dropped"` (no response at all).
    var delivery: String?
    /// How many requests it applies to before it is used up; every request when absent.
    var times: Int?
    /// With `status`: run the route first, then answer with `status` anyway (a proxy that gave up
    /// after the backend did the work).
    var afterRoute: Bool?

    enum CodingKeys: String, CodingKey {
        case method, path, status, body, delivery, times, hold
        case retryAfter = "retry_after"
        case afterRoute = "after_route"
        case delayMilliseconds = "delay_ms"
        case bodySize = "body_size"
        case contentType = "content_type"
    }

    /// Whether the rule applies to a request with `method` on `path`, matched by `route`.
    func applies(method: String, path: String, route: Route?) -> Bool {
        self.method == method && (self.path == path || self.path == route?.pattern || self.path == "*")
    }

    /// `response` changed as the rule says.
    func apply(to response: ServerResponse) -> ServerResponse {
        var response = response
        if let status {
            response =
                status >= 400
                ? .error(status: status, code: APIErrorCode.forStatus(status), message: "injected fault: \(status)")
                : ServerResponse(status: status, headers: response.headers, body: response.body)
        }
        if let retryAfter { response.headers.append(("Retry-After", String(retryAfter))) }
        if let body { response.body = Array(body.utf8) }
        if let bodySize {
            response.body =
                Array("\"".utf8) + Array(repeating: UInt8(ascii: "x"), count: max(2, bodySize) - 2) + Array("\"".utf8)
        }
        if body != nil || bodySize != nil || contentType != nil {
            response.headers.removeAll { $0.name.lowercased() == "content-type" }
            response.headers.append(("Content-Type", contentType ?? "application/json"))
        }
        switch delivery {
        case "truncated": response.delivery = .truncated
        case "dropped": response.delivery = .dropped
        default: break
        }
        return response
    }
}

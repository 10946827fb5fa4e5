/// The HTTP methods the API uses.
public enum HTTPMethod: String, Sendable {
    case get = "GET"
    case post = "POST"
    case put = "PUT"
    case patch = "PATCH"
    case delete = "DELETE"

    /// Whether repeating the request has the same effect as sending it once (RFC 9110): only
    /// these are retried.
    public var isIdempotent: Bool {
        self != .post && self != .patch
    }

    /// Whether parameters travel in the query (`GET`, `DELETE`) rather than in a JSON body.
    public var sendsParametersInQuery: Bool {
        self == .get || self == .delete
    }
}

/// The HTTP methods the API uses.
public enum HTTPMethod: String, Sendable {
    /// Reads; parameters in the query.
    case get = "GET"
    /// Creates; parameters in a JSON body; never retried.
    case post = "POST"
    /// Replaces; parameters in a JSON body.
    case put = "PUT"
    /// Changes part of a resource; parameters in a JSON body; never retried.
    case patch = "PATCH"
    /// Removes; parameters in the query.
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

/// One parsed HTTP/1.1 request: what the router sees.
struct ServerRequest: Sendable {
    /// `GET`, `POST`, ... as sent (methods are case-sensitive).
    var method: String
    /// The path without the query, still percent-encoded, e.g. `/v1/users/u%201`.
    var path: String
    /// The query items in order, percent-decoded (`+` is not a space in this API).
    var query: [(name: String, value: String)]
    /// Header fields by lowercased name; repeated fields are joined with `", "`.
    var headers: [String: String]
    /// The body: exactly `Content-Length` bytes.
    var body: [UInt8]

    /// The first query value named `name`.
    func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The value of header `name` (any case).
    func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    /// The token of an `Authorization: Bearer <token>` header (the scheme in any case), or `nil`
    /// when the request carries no such header.
    var bearerToken: String? {
        guard let header = header("authorization"), header.lowercased().hasPrefix("bearer ") else { return nil }
        return String(header.dropFirst(7))
    }
}

import Foundation
import Models

/// A request as the middleware chain sees it: built from an endpoint, changed by middleware
/// (the auth header, the attempt number), sent by the transport.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The path below the base URL, already percent-encoded, e.g. `/v1/posts/p%201`.
    public var path: String
    /// The path as the endpoint declares it, for logs and metrics: `/v1/posts/{post_id}`.
    public var route: String
    /// Query items, encoded by the transport.
    public var query: [URLQueryItem]
    /// Header fields.
    public var headers: [String: String]
    /// The JSON body, if any (`Content-Type: application/json` is then set).
    public var body: Data?
    /// Whether it may be sent again after a failure: a `GET`, `PUT` or `DELETE`, or any request
    /// that carries an idempotency key.
    public var isIdempotent: Bool
    /// The key the server recognises a repeat of this request by (`Idempotency-Key`): made once
    /// per logical operation and kept across every retry and replay of it, so a request whose
    /// answer was lost can be sent again without being applied twice.
    public var idempotencyKey: String?
    /// The user whose session signs it, or `nil` for a public endpoint.
    public var actingUser: User.ID?
    /// Which attempt this is, from 1; set by the retry middleware.
    public var attempt = 1
    /// How long the server may hold the request before answering (a long-poll), added to the
    /// attempt's deadline.
    public var serverHold: Duration = .zero

    /// A request; `route` names it in logs (the path template it was filled from).
    public init(
        method: HTTPMethod, path: String, route: String, query: [URLQueryItem] = [], headers: [String: String] = [:],
        body: Data? = nil, isIdempotent: Bool, idempotencyKey: String? = nil, actingUser: User.ID? = nil
    ) {
        self.method = method
        self.path = path
        self.route = route
        self.query = query
        self.headers = headers
        self.body = body
        self.isIdempotent = isIdempotent
        self.idempotencyKey = idempotencyKey
        self.actingUser = actingUser
    }

    /// The header fields every transport sends: `Accept: application/json`, the
    /// `Idempotency-Key` when there is one and, with a body, `Content-Type: application/json`;
    /// then the request's own fields, which replace any of the same name (in any case).
    var headerFields: [(name: String, value: String)] {
        var fields: [(name: String, value: String)] = [("Accept", "application/json")]
        if let idempotencyKey { fields.append(("Idempotency-Key", idempotencyKey)) }
        if body != nil { fields.append(("Content-Type", "application/json")) }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            fields.removeAll { $0.name.lowercased() == name.lowercased() }
            fields.append((name, value))
        }
        return fields
    }

    /// `GET /v1/posts/{post_id}`: how the request is named in logs and errors.
    public var name: String { "\(method.rawValue) \(route)" }
}

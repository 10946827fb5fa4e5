import Foundation
import Models

/// One REST endpoint as a value: everything the request needs, and how its answer is read.
///
/// An endpoint is one file, named after its operation's `operationId`, with its body type nested
/// in it. It declares its operation once (method, path template, success statuses) and gives the
/// template's values in `pathParameters`. `parameters` go in the query for `GET` and `DELETE` and
/// in a JSON body otherwise. The client runs it as a command (`EndpointCommand`), so the queue's
/// concurrency limit applies and identical in-flight `GET`s share one request.
public protocol Endpoint: Sendable {
    /// What a successful call returns.
    associatedtype Response: Sendable

    /// The operation this endpoint calls, as the API's description declares it.
    static var operation: APIOperation { get }
    /// The value of each parameter of the path template, by name: `["post_id": "p1"]`.
    var pathParameters: [String: String] { get }
    /// The parameters: a flat `Encodable` value sent as the query or as the JSON body.
    var parameters: (any Encodable & Sendable)? { get }
    /// The user whose session must sign the request, or `nil` for a public endpoint.
    var actingUser: User.ID? { get }
    /// Whether it may be retried; defaults to the method's idempotency.
    var isIdempotent: Bool { get }
    /// How long the server may hold the request before it answers (a long-poll); the attempt's
    /// deadline grows by as much.
    var serverHold: Duration { get }
    /// Whether identical calls (same method, path, query, header fields and acting user) share one
    /// request while it is in flight: by default every `GET`, and nothing else.
    var sharesInFlightRequests: Bool { get }

    /// Extra header fields (`If-None-Match`); none by default.
    var headers: [String: String] { get }
    /// Whether `response` is an answer `decode` reads: by default a success status of the
    /// operation, and for a `DELETE` also a 404 on a retry (the first attempt deleted it and its
    /// answer was lost).
    func accepts(_ response: HTTPResponse) -> Bool

    /// Reads an accepted response.
    func decode(_ response: HTTPResponse) throws(HTTPFailure) -> Response
}

extension Endpoint {
    /// The operation's method.
    public var method: HTTPMethod { Self.operation.method }
    /// No path parameters.
    public var pathParameters: [String: String] { [:] }
    /// No query and no body.
    public var parameters: (any Encodable & Sendable)? { nil }
    /// No extra header fields.
    public var headers: [String: String] { [:] }
    /// A public endpoint: no session signs it.
    public var actingUser: User.ID? { nil }
    /// As idempotent as its method.
    public var isIdempotent: Bool { method.isIdempotent }
    /// No long-poll: the server answers at once.
    public var serverHold: Duration { .zero }

    /// A success status of the operation; for a `DELETE` also a 404 on a retry.
    public func accepts(_ response: HTTPResponse) -> Bool {
        Self.operation.successStatuses.contains(response.status)
            || (method == .delete && response.status == 404 && response.attempt > 1)
    }

    /// Every `GET`; nothing else.
    public var sharesInFlightRequests: Bool { method == .get }

    /// The request, parameters placed as the method says, carrying `idempotencyKey` when given.
    ///
    /// - Throws: `.transport` (not transient) when the path or the parameters cannot be encoded.
    public func makeRequest(idempotencyKey: String? = nil) throws(HTTPFailure) -> HTTPRequest {
        var request = HTTPRequest(
            method: method, path: try Self.operation.path.filled(with: pathParameters),
            route: Self.operation.path.description, query: [], headers: headers, body: nil,
            isIdempotent: isIdempotent || idempotencyKey != nil, idempotencyKey: idempotencyKey,
            actingUser: actingUser)
        request.serverHold = serverHold
        if let parameters {
            if method.sendsParametersInQuery {
                request.query = try APIJSON.queryItems(parameters)
            } else {
                request.body = try APIJSON.encode(parameters)
            }
        }
        return request
    }
}

extension Endpoint where Response: Decodable {
    /// The default: the body decoded as `Response` from the API's JSON.
    public func decode(_ response: HTTPResponse) throws(HTTPFailure) -> Response {
        try APIJSON.decode(Response.self, from: response)
    }
}

extension Endpoint where Response == Void {
    /// An endpoint answering 204 has nothing to read.
    public func decode(_ response: HTTPResponse) throws(HTTPFailure) {}
}

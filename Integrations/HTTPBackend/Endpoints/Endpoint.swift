import Foundation
import Models

/// One REST endpoint as a value: everything the request needs, and how its answer is read.
///
/// Adding an endpoint is one new file in this folder with one such type. `GET` and `POST` differ
/// only in where `parameters` go: the query for `GET` and `DELETE`, a JSON body otherwise. The
/// client runs it as a command (`EndpointCommand`), so the queue's concurrency limit applies and
/// identical in-flight `GET`s share one request.
protocol Endpoint: Sendable {
    /// What a successful call returns.
    associatedtype Response: Sendable

    /// The method.
    var method: HTTPMethod { get }
    /// The path as declared, for logs: `/v1/posts/{post_id}`.
    var route: String { get }
    /// The path with its parameters filled in and encoded (use `Path.segment(_:)`).
    var path: String { get }
    /// The parameters: a flat `Encodable` value sent as the query or as the JSON body.
    var parameters: (any Encodable & Sendable)? { get }
    /// The user whose session must sign the request, or `nil` for a public endpoint.
    var actingUser: User.ID? { get }
    /// Whether it may be retried; defaults to the method's idempotency.
    var isIdempotent: Bool { get }
    /// How long the server may hold the request before it answers (a long-poll); the attempt's
    /// deadline grows by as much.
    var serverHold: Duration { get }
    /// Calls with equal keys share one request while it is in flight; by default every `GET`
    /// is keyed by its path, query and acting user, and nothing else is shared.
    var coalescingKey: String? { get }

    /// Extra header fields (`If-None-Match`); none by default.
    var headers: [String: String] { get }
    /// Whether `response` is an answer `decode` reads: by default every 2xx, and for a `DELETE`
    /// also a 404 on a retry (the first attempt deleted it and its answer was lost).
    func accepts(_ response: HTTPResponse) -> Bool

    /// Reads an accepted response.
    func decode(_ response: HTTPResponse) throws(HTTPFailure) -> Response
}

extension Endpoint {
    var parameters: (any Encodable & Sendable)? { nil }
    var headers: [String: String] { [:] }
    func accepts(_ response: HTTPResponse) -> Bool {
        (200..<300).contains(response.status) || (method == .delete && response.status == 404 && response.attempt > 1)
    }
    var actingUser: User.ID? { nil }
    var isIdempotent: Bool { method.isIdempotent }
    /// No long-poll: the server answers at once.
    var serverHold: Duration { .zero }

    var coalescingKey: String? {
        guard method == .get, let request = try? makeRequest() else { return nil }
        return "\(request.path)?\(PercentEncoding.query(request.query)) as \(actingUser?.rawValue ?? "-")"
    }

    /// The request, parameters placed as the method says, carrying `idempotencyKey` when given.
    func makeRequest(idempotencyKey: String? = nil) throws(HTTPFailure) -> HTTPRequest {
        var request = HTTPRequest(
            method: method, path: path, route: route, query: [], headers: headers, body: nil,
            isIdempotent: isIdempotent || idempotencyKey != nil, idempotencyKey: idempotencyKey,
            actingUser: actingUser)
        request.serverHold = serverHold
        if let parameters {
            if method.sendsParametersInQuery {
                request.query = try BackendJSON.queryItems(parameters)
            } else {
                request.body = try BackendJSON.encode(parameters)
            }
        }
        return request
    }
}

extension Endpoint where Response: Decodable {
    /// The default: the body decoded as `Response` from the API's JSON.
    func decode(_ response: HTTPResponse) throws(HTTPFailure) -> Response {
        try BackendJSON.decode(Response.self, from: response)
    }
}

extension Endpoint where Response == Void {
    /// An endpoint answering 204 has nothing to read.
    func decode(_ response: HTTPResponse) throws(HTTPFailure) {}
}

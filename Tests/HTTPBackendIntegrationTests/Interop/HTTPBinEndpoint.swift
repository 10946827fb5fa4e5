import Foundation
import Models

@testable import HTTPBackendIntegration

/// Any httpbin route as an endpoint: httpbin answers with what it received, so the transport's
/// encoding, headers and error mapping are checked by a server nobody here wrote.
struct HTTPBinEndpoint: Endpoint {
    /// httpbin's echo of a request: the query it parsed, the JSON it read, the headers it saw.
    struct Echo: Decodable, Sendable {
        var args: [String: String]?
        var json: [String: String]?
        var headers: [String: String]
        var gzipped: Bool?
        var deflated: Bool?
        var url: String?
    }

    var method: HTTPMethod = .get
    var route: String
    var query: [String: String] = [:]
    var body: [String: String]?

    var path: String { route }
    var parameters: (any Encodable & Sendable)? { method.sendsParametersInQuery ? query : body }

    typealias Response = Echo
}

/// An httpbin route whose answer is not read, only its status.
struct HTTPBinStatus: Endpoint {
    var route: String
    var path: String { route }
    var method: HTTPMethod { .get }

    func decode(_ response: HTTPResponse) throws(HTTPFailure) {}
}

import Foundation
import Models

@testable import HTTPSupport

/// httpbin's echo of a request: the query it parsed, the JSON it read, the headers it saw.
struct HTTPBinEcho: Decodable, Sendable {
    var args: [String: String]?
    var json: [String: String]?
    var headers: [String: String]
    var gzipped: Bool?
    var deflated: Bool?
    var url: String?
}

/// `GET /{route}` on httpbin (`get`, `gzip`, `deflate`, `redirect-to`), which answers with what it
/// received: the transport's encoding, headers and decoding checked by a server nobody here wrote.
struct HTTPBinGet: Endpoint {
    static let operation = APIOperation("httpbinGet", .get, "/{route}", success: [200])

    var route: String
    var query: [String: String] = [:]

    var pathParameters: [String: String] { ["route": route] }
    var parameters: (any Encodable & Sendable)? { query }

    typealias Response = HTTPBinEcho
}

/// `POST /{route}` on httpbin (`post`, `anything`), echoing the JSON body it read.
struct HTTPBinPost: Endpoint {
    static let operation = APIOperation("httpbinPost", .post, "/{route}", success: [200])

    var route: String
    var body: [String: String]

    var pathParameters: [String: String] { ["route": route] }
    var parameters: (any Encodable & Sendable)? { body }

    typealias Response = HTTPBinEcho
}

/// `GET /bearer`: 200 with a bearer token, 401 without; only the status is read.
struct HTTPBinBearer: Endpoint {
    static let operation = APIOperation("httpbinBearer", .get, "/bearer", success: [200])

    func decode(_ response: HTTPResponse) throws(HTTPFailure) {}
}

/// `GET /status/{code}`: answers with `code`; only the status is read.
struct HTTPBinStatus: Endpoint {
    static let operation = APIOperation("httpbinStatus", .get, "/status/{code}", success: [200])

    var code: Int

    var pathParameters: [String: String] { ["code": String(code)] }

    func decode(_ response: HTTPResponse) throws(HTTPFailure) {}
}

/// `GET /drip?delay=<seconds>&numbytes=1&duration=0`: one byte after `seconds`; only the status
/// is read. Not `/delay/{seconds}`, which httpbin caps at 10 s: an answer a test must never get
/// comes later than any test runs.
struct HTTPBinLateAnswer: Endpoint {
    static let operation = APIOperation("httpbinDrip", .get, "/drip", success: [200])

    var seconds: Int

    var parameters: (any Encodable & Sendable)? { Query(delay: seconds, numbytes: 1, duration: 0) }

    func decode(_ response: HTTPResponse) throws(HTTPFailure) {}

    /// The drip's query.
    struct Query: Encodable, Sendable {
        var delay: Int
        var numbytes: Int
        var duration: Int
    }
}

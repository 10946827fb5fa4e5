import Foundation
import Testing

@testable import HTTPSupport

/// An endpoint accepts the success statuses its operation declares; any other success is a
/// server speaking another version of the API, reported as such, never as a server failure.
@Suite("Endpoint acceptance")
struct EndpointAcceptanceTests {
    /// `GET /v1/things/{id}`, declared to answer 200.
    private struct GetThing: Endpoint {
        static let operation = APIOperation("getThing", .get, "/v1/things/{id}", success: [200])
        var pathParameters: [String: String] { ["id": "t 1"] }
        func decode(_ response: HTTPResponse) throws(HTTPFailure) {}
    }

    /// `GET /v1/things/{id}` with an `If-None-Match`, when given.
    private struct GetTaggedThing: Endpoint {
        static let operation = APIOperation("getThing", .get, "/v1/things/{id}", success: [200])
        var tag: String?
        var pathParameters: [String: String] { ["id": "t 1"] }
        var headers: [String: String] { tag.map { ["If-None-Match": $0] } ?? [:] }
        func decode(_ response: HTTPResponse) throws(HTTPFailure) {}
    }

    @Test("calls share an answer only when their header fields are the same too")
    func sharingKeyHoldsHeaders() {
        func key(_ tag: String?) -> String? {
            EndpointCommand(
                endpoint: GetTaggedThing(tag: tag),
                send: { _ throws(HTTPFailure) in
                    HTTPResponse(status: 200, headers: [:], body: Data())
                }
            ).coalescingKey
        }
        #expect(key("\"v1\"") != nil)
        #expect(key("\"v1\"") == key("\"v1\""))
        #expect(key("\"v1\"") != key("\"v2\""))
        #expect(key("\"v1\"") != key(nil))
    }

    private static func client(answering answer: String) throws -> (HTTPClient, ScriptedServer) {
        let server = try ScriptedServer([ScriptedServer.answering(answer)])
        return (HTTPClient(configuration: .init(baseURL: server.baseURL, transport: .sockets)), server)
    }

    @Test("the declared status is accepted")
    func declared() async throws {
        let (client, server) = try Self.client(answering: "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n")
        try await client.perform(GetThing())
        await client.close()
        _ = server
    }

    @Test("an undeclared success fails as an answer the endpoint cannot read, naming both statuses")
    func undeclared() async throws {
        let (client, server) = try Self.client(answering: "HTTP/1.1 202 Accepted\r\nContent-Length: 0\r\n\r\n")
        await #expect(throws: HTTPFailure.decoding(path: "(status)", expectation: "expected HTTP 200, got 202")) {
            try await client.perform(GetThing())
        }
        await client.close()
        _ = server
    }
}

import BackendAPI
import HTTPSupport

extension Operations {
    /// `getChanges`, `GET /v1/changes`: the backend's change revision, asked conditionally. With the
    /// last `ETag` in `If-None-Match`, an unchanged backend answers 304 with no body: an idle poll
    /// costs that.
    struct GetChanges: Endpoint {
        static let operation = APIOperation("getChanges", .get, "/v1/changes", success: [200, 304])

        /// What the poll found.
        enum Response: Sendable {
            /// Nothing changed since the `ETag` sent.
            case unchanged
            /// The revision changed; `etag` is what to send next time.
            case changed(etag: String?)
        }

        /// The `ETag` of the last answer, if there was one.
        let etag: String?

        var headers: [String: String] { etag.map { ["If-None-Match": $0] } ?? [:] }
        /// Polls are not shared: each observer's watch asks with its own `ETag`.
        var sharesInFlightRequests: Bool { false }

        func decode(_ response: HTTPResponse) throws(HTTPFailure) -> Response {
            guard response.status == 200 else { return .unchanged }
            // The body is read to check it is the API's answer; the tag is what the next poll sends.
            _ = try APIJSON.decode(Schemas.Changes.self, from: response)
            return .changed(etag: response.header("etag"))
        }
    }
}

import BackendAPI
import HTTPSupport

extension Operations {
    /// `getHealth`, `GET /v1/health`: whether the backend is up; the integration's start-up probe.
    struct GetHealth: Endpoint {
        static let operation = APIOperation("getHealth", .get, "/v1/health", success: [200])

        /// Sent once: the probe says how the backend is now, and retrying a silent one would only
        /// make start-up wait three deadlines instead of one.
        var isIdempotent: Bool { false }

        /// Reads the body too: a captive portal or a proxy that answers `200` with a page of its
        /// own is not the backend answering.
        func decode(_ response: HTTPResponse) throws(HTTPFailure) {
            guard try APIJSON.decode(Schemas.Health.self, from: response) == .ok else {
                throw .decoding(
                    path: "status", expectation: "expected \"ok\" (a captive portal or a proxy may be answering)")
            }
        }
    }
}

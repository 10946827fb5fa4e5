/// `GET /v1/health`: whether the backend is up; the integration's start-up probe.
struct GetHealth: Endpoint {
    var method: HTTPMethod { .get }
    var route: String { "/v1/health" }
    var path: String { "/v1/health" }

    func decode(_ response: HTTPResponse) throws(HTTPFailure) {}
}

import HTTPSupport
import Services
import Testing

@testable import HTTPBackendIntegration

/// What a call that got no usable answer from the backend says: the remedy that fits why.
@Suite("HTTP backend: the remedy each failure to reach the backend names")
struct BackendFailureMessageTests {
    @Test(
        "out of reach: start the backend; an answer that is not HTTP, or no such route: check the base URL",
        arguments: [
            (
                HTTPFailure.transport(reason: "could not connect to the server", isTransient: true),
                "could not connect to the server; check that the backend is running there "
                    + "(`swift run silo-backend` starts the development one), then retry"
            ),
            (
                HTTPFailure.badAnswer(reason: "the server's response was malformed"),
                "the server's response was malformed; check that the base URL points at silo-backend or a server "
                    + "speaking this API"
            ),
            (
                HTTPFailure.status(404, error: APIErrorBody(code: "no_route", message: "no route"), retryAfter: nil),
                "the backend has no such route (no route); check that the base URL points at a server speaking "
                    + "this API version"
            ),
        ])
    func remedy(_ failure: HTTPFailure, _ said: String) {
        let error = ServiceError(backend: failure, operation: "GET /v1/health")

        #expect(error == .unavailable(reason: "GET /v1/health: " + said, retryAfter: nil), "\(error)")
    }
}

import HTTPBackendIntegration
import HTTPSupport
import ServiceContracts

/// Sends the contract's clock with every request (`Silo-Test-Now`), so the backend (run with
/// `--test-controls`) stamps `createdAt` with it: ties and order are the check's, not the network's.
struct TestClockMiddleware: HTTPMiddleware {
    let clock: ContractClock

    func intercept(
        _ request: HTTPRequest, next: @Sendable (HTTPRequest) async throws(HTTPFailure) -> HTTPResponse
    ) async throws(HTTPFailure) -> HTTPResponse {
        var request = request
        request.headers["Silo-Test-Now"] = String(clock.now().millisecondsSince1970)
        return try await next(request)
    }
}

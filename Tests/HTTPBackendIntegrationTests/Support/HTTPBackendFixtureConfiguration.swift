import Foundation
import HTTPBackendIntegration
import ServiceContracts

/// The client configuration the tests use: short polls and deadlines, the test clock when given.
enum HTTPBackendFixtureConfiguration {
    static func make(
        _ backend: BackendProcess, clock: ContractClock? = nil, log: LogCapture? = nil,
        configure: (inout HTTPBackendIntegration.Configuration) -> Void = { _ in }
    ) -> HTTPBackendIntegration.Configuration {
        var configuration = HTTPBackendIntegration.Configuration(
            baseURL: backend.url, attemptTimeout: .seconds(10), changePollInterval: .milliseconds(50))
        configuration.retry = RetryPolicy(baseDelay: .milliseconds(20), maxDelay: .milliseconds(100))
        if let clock { configuration.middleware = [TestClockMiddleware(clock: clock)] }
        if let log { configuration.log = log.sink }
        configure(&configuration)
        return configuration
    }
}

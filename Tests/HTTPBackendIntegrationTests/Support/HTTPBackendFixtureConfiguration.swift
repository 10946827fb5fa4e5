import Foundation
import HTTPBackendIntegration
import HTTPSupport
import ServiceContracts

/// The client configuration the tests use: short polls, the test clock when given, and an attempt
/// deadline far beyond anything a test waits for (no deadline is the subject here: a held read
/// must stay one attempt for as long as a check holds it).
enum HTTPBackendFixtureConfiguration {
    static func make(
        _ backend: BackendProcess, clock: ContractClock? = nil, log: LogCapture? = nil,
        configure: (inout HTTPBackendIntegration.Configuration) -> Void = { _ in }
    ) -> HTTPBackendIntegration.Configuration {
        var configuration = HTTPBackendIntegration.Configuration(
            baseURL: backend.url, attemptTimeout: .seconds(600), changePollInterval: .milliseconds(50))
        configuration.retry = RetryPolicy(baseDelay: .milliseconds(20), maxDelay: .milliseconds(100))
        if let clock { configuration.middleware = [TestClockMiddleware(clock: clock)] }
        if let log { configuration.log = log.sink }
        configure(&configuration)
        return configuration
    }
}

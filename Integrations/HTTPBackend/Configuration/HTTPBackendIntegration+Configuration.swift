import Foundation
import HTTPSupport
import Models
import Services

extension HTTPBackendIntegration {
    /// Where the backend is and how the client talks to it; made by the app from its settings.
    ///
    /// The client's settings (`HTTPClient.Configuration`: deadline, retry policy, limits, extra
    /// middleware, log sink, clock, transport) read and write through it by name, as
    /// `configuration.attemptTimeout`; the fields below are this integration's own.
    @dynamicMemberLookup
    public struct Configuration: Sendable {
        /// What the HTTP client is given: the backend's base URL (HTTPS except for a loopback
        /// host), deadlines, retries, limits, middleware, log and transport.
        public var client: HTTPClient.Configuration
        /// Where sessions are kept between runs (mode 0600), or `nil` to keep them in memory only.
        public var credentialsFile: URL?
        /// How often observations ask the change feed (conditionally: an idle poll is a 304).
        public var changePollInterval: Duration
        /// Starts a session for a user this device holds none for, when a call acts for them:
        /// their access and refresh tokens, or `nil`. Without it (the default) such a call fails
        /// `unauthorized`, since only signing up or in starts a session. Tests set it to act for
        /// any user of a test backend; an app whose sessions come from a broker could too.
        public var missingSession: (@Sendable (User.ID) async -> (accessToken: String, refreshToken: String)?)?
        /// Receives a line when something keeps a call waiting that the request log does not show:
        /// a renewal waiting for another client's (`--verbose` prints it); `nil` for none. The
        /// line holds no token.
        public var diagnostics: (@Sendable (String) -> Void)? = nil

        /// A configuration for the backend at `baseURL`, the client's other settings at their
        /// defaults.
        public init(
            baseURL: URL,
            credentialsFile: URL? = nil,
            attemptTimeout: Duration = .seconds(10),
            retry: RetryPolicy = RetryPolicy(),
            changePollInterval: Duration = .seconds(1)
        ) {
            client = HTTPClient.Configuration(baseURL: baseURL, attemptTimeout: attemptTimeout, retry: retry)
            self.credentialsFile = credentialsFile
            self.changePollInterval = changePollInterval
        }

        /// The client's setting at `keyPath`: `configuration.transport = .sockets`.
        public subscript<Value>(dynamicMember keyPath: WritableKeyPath<HTTPClient.Configuration, Value>) -> Value {
            get { client[keyPath: keyPath] }
            set { client[keyPath: keyPath] = newValue }
        }

        /// Checks the base URL: `http` or `https` with a host, and `https` unless the host is
        /// loopback; and that the transport speaks its scheme (`HTTPClient.Configuration.validate()`).
        ///
        /// - Throws: `.invalidInput` (field `"baseURL"` or `"transport"`) saying what to change.
        public func validate() throws(ServiceError) {
            try client.validate()
        }
    }
}

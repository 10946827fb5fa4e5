import Foundation
import IntegrationSupport
import Models
import Services

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPBackendIntegration {
    /// Where the backend is and how the client talks to it; made by the app from its settings.
    public struct Configuration: Sendable {
        /// The backend's base URL, e.g. `http://127.0.0.1:8080`. HTTPS is required except for a
        /// loopback host.
        public var baseURL: URL
        /// Where sessions are kept between runs (mode 0600), or `nil` to keep them in memory only.
        public var credentialsFile: URL?
        /// How long one attempt may take, enforced by the client (not URLSession's whole seconds).
        public var attemptTimeout: Duration
        /// How many requests may be in flight at once: 1–6 (URLSession's per-host connection limit).
        public var maxConcurrentRequests: Int
        /// When idempotent requests are tried again.
        public var retry: RetryPolicy
        /// The largest response body accepted; a larger one fails as corrupt data.
        public var maxResponseBytes: Int
        /// How often observations ask the change feed (conditionally: an idle poll is a 304).
        public var changePollInterval: Duration
        /// Extra middleware, run inside auth, retry and logging, just before the transport. It sees
        /// each request as sent, `Authorization` header included: never log that.
        public var middleware: [any HTTPMiddleware]
        /// Receives one record per attempt (the sample app prints them with `--verbose`); `nil`
        /// logs nothing and costs nothing.
        public var log: (@Sendable (HTTPLogRecord) -> Void)?
        /// What attempt deadlines, retry waits and change-feed polls are measured on: the system's
        /// clock, or a manual one in tests, which then decide when a deadline passes.
        public var clock: any Clock<Duration>
        /// What sends the requests: `.automatic` (the default) uses the client's own sockets for
        /// plain `http` on Linux, where URLSession spins a core while it waits, and URLSession
        /// everywhere else.
        public var transport: HTTPTransportKind
        /// Starts a session for a user this device holds none for, when a call acts for them:
        /// their access and refresh tokens, or `nil`. Without it (the default) such a call fails
        /// `unauthorized`, since only signing up or in starts a session. Tests set it to act for
        /// any user of a test backend; an app whose sessions come from a broker could too.
        public var missingSession: (@Sendable (User.ID) async -> (accessToken: String, refreshToken: String)?)?

        /// A configuration for the backend at `baseURL`.
        public init(
            baseURL: URL,
            credentialsFile: URL? = nil,
            attemptTimeout: Duration = .seconds(10),
            maxConcurrentRequests: Int = 6,
            retry: RetryPolicy = RetryPolicy(),
            maxResponseBytes: Int = 8 * 1024 * 1024,
            changePollInterval: Duration = .seconds(1),
            middleware: [any HTTPMiddleware] = [],
            log: (@Sendable (HTTPLogRecord) -> Void)? = nil,
            clock: any Clock<Duration> = ContinuousClock(),
            transport: HTTPTransportKind = .automatic
        ) {
            self.baseURL = baseURL
            self.credentialsFile = credentialsFile
            self.attemptTimeout = attemptTimeout
            self.maxConcurrentRequests = maxConcurrentRequests
            self.retry = retry
            self.maxResponseBytes = maxResponseBytes
            self.changePollInterval = changePollInterval
            self.middleware = middleware
            self.log = log
            self.clock = clock
            self.transport = transport
        }

        /// Checks the base URL: `http` or `https` with a host, and `https` unless the host is
        /// loopback; and that the transport speaks its scheme.
        ///
        /// - Throws: `.invalidInput` (field `"baseURL"`) saying what to change.
        public func validate() throws(ServiceError) {
            let scheme = baseURL.scheme?.lowercased() ?? ""
            guard scheme == "http" || scheme == "https", let host = baseURL.host, !host.isEmpty else {
                throw .invalidInput(
                    field: "baseURL",
                    reason: "\(baseURL.absoluteString) is not an http(s) URL with a host, e.g. http://127.0.0.1:8080")
            }
            if let port = baseURL.port, !(1...65_535).contains(port) {
                throw .invalidInput(field: "baseURL", reason: "port \(port) is not a TCP port: use one from 1 to 65535")
            }
            guard baseURL.user == nil, baseURL.password == nil else {
                throw .invalidInput(
                    field: "baseURL",
                    reason: "a base URL must not carry a user or password; the backend signs in with tokens")
            }
            guard scheme == "https" || Self.isLoopback(host) else {
                throw .invalidInput(
                    field: "baseURL",
                    reason:
                        "plain http is allowed only for a loopback host (127.0.0.1, ::1, localhost); use https://\(host)"
                )
            }
            guard transport != .sockets || scheme == "http" else {
                throw .invalidInput(
                    field: "transport",
                    reason: "the socket transport speaks plain http only; use .automatic or .urlSession for https")
            }
        }

        /// `localhost`, `::1`, or an IPv4 address in 127.0.0.0/8 (a name like `127.example.com` is not).
        private static func isLoopback(_ host: String) -> Bool {
            let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
            if host == "localhost" || host == "::1" { return true }
            var address = in_addr()
            guard inet_pton(AF_INET, host, &address) == 1 else { return false }
            return UInt32(bigEndian: address.s_addr) >> 24 == 127
        }
    }
}

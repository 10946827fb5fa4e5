import Foundation
import Services

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPClient {
    /// Which server the client talks to and how: deadlines, retries, limits, middleware, logging,
    /// the clock and the transport. An integration makes one from its own settings.
    public struct Configuration: Sendable {
        /// The server's base URL, e.g. `http://127.0.0.1:8080`. HTTPS is required except for a
        /// loopback host (`validate()`).
        public var baseURL: URL
        /// How long one attempt may take, enforced by the client on `clock`.
        public var attemptTimeout: Duration
        /// How many requests may be in flight at once: 1–6 (URLSession's per-host connection limit).
        public var maxConcurrentRequests: Int
        /// When idempotent requests are tried again.
        public var retry: RetryPolicy
        /// The largest response body accepted; a larger one fails `.tooLarge`.
        public var maxResponseBytes: Int
        /// Extra middleware, run inside auth, retry and logging, just before the transport. It sees
        /// each request as sent, `Authorization` header included: never log that.
        public var middleware: [any HTTPMiddleware]
        /// Receives one record per attempt; `nil` logs nothing and costs nothing.
        public var log: (@Sendable (HTTPLogRecord) -> Void)?
        /// What attempt deadlines and retry waits are measured on (and whatever the integration
        /// times with it, such as polls): the system's clock, or a manual one in tests, which then
        /// decide when a deadline passes.
        public var clock: any Clock<Duration>
        /// What sends the requests (`HTTPTransportKind`).
        public var transport: HTTPTransportKind

        /// A configuration for the server at `baseURL`.
        public init(
            baseURL: URL,
            attemptTimeout: Duration = .seconds(10),
            maxConcurrentRequests: Int = 6,
            retry: RetryPolicy = RetryPolicy(),
            maxResponseBytes: Int = 8 * 1024 * 1024,
            middleware: [any HTTPMiddleware] = [],
            log: (@Sendable (HTTPLogRecord) -> Void)? = nil,
            clock: any Clock<Duration> = ContinuousClock(),
            transport: HTTPTransportKind = .automatic
        ) {
            self.baseURL = baseURL
            self.attemptTimeout = attemptTimeout
            self.maxConcurrentRequests = maxConcurrentRequests
            self.retry = retry
            self.maxResponseBytes = maxResponseBytes
            self.middleware = middleware
            self.log = log
            self.clock = clock
            self.transport = transport
        }

        /// Checks the base URL: `http` or `https` with a host and no user or password, `https`
        /// unless the host is loopback; and that the transport speaks its scheme.
        ///
        /// - Throws: `.invalidInput` (field `"baseURL"` or `"transport"`) saying what to change.
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
                    reason: "a base URL must not carry a user or password; requests are signed with tokens")
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

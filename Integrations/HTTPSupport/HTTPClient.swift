import Commands
import Foundation
import IntegrationSupport
import Services

/// Sends endpoints to one server: the one place that owns concurrency, coalescing, retries,
/// deadlines, auth and logging for every request of an integration.
///
/// Each call becomes an `EndpointCommand` on a `CommandQueue` (at most
/// `maxConcurrentRequests` in flight, identical `GET`s shared), then runs the middleware chain:
/// auth (when a `TokenProvider` is given), retry, logging, the configuration's own middleware, and
/// the transport the configuration picks (`HTTPTransportKind`). Safe to use from any task.
public actor HTTPClient {
    private let transport: any HTTPTransport
    private let queue: CommandQueue
    private let send: HTTPHandler
    private var isClosed = false
    /// Moves on after every write and every change the integration reports: a `GET` only joins
    /// an in-flight `GET` of the same generation, so a read that starts after a write (or after
    /// a change was seen) never gets an answer read before it.
    private var generation = 0

    /// A client for the server `configuration` names, signing requests that act for a user with
    /// the tokens `tokens` gives (without it, such a request is sent unsigned).
    public init(configuration: Configuration, tokens: (any TokenProvider)? = nil) {
        let connections = min(max(configuration.maxConcurrentRequests, 1), 6)
        let time = ElapsedClock(clock: configuration.clock)
        let transport = Self.transport(for: configuration, maxConnections: connections, time: time)
        let logging: [any HTTPMiddleware] =
            (configuration.log.map { [LoggingMiddleware(log: $0)] } ?? []) + configuration.middleware
        let attempts = ([RetryMiddleware(policy: configuration.retry, time: time)] + logging).chained(
            to: { request throws(HTTPFailure) in try await transport.send(request) })
        self.transport = transport
        queue = CommandQueue(maxConcurrentCommands: connections)
        send = (tokens.map { [AuthMiddleware(tokens: $0, unsigned: attempts)] } ?? []).chained(to: attempts)
    }

    /// Sends `endpoint` and returns its decoded answer; a mutating request carries
    /// `idempotencyKey`, which makes it safe to retry.
    ///
    /// - Throws: `HTTPFailure`; `.cancelled` when the caller was cancelled (also while it waited
    ///   for a slot); a non-transient `.transport` failure once the client is closed.
    public func perform<E: Endpoint>(
        _ endpoint: E, idempotencyKey: String? = nil
    ) async throws(HTTPFailure) -> E.Response {
        guard !isClosed else {
            throw .closed
        }
        let command = EndpointCommand(
            endpoint: endpoint, send: send, generation: generation, idempotencyKey: idempotencyKey)
        defer { if endpoint.method != .get { generation += 1 } }
        do {
            return try await queue.run(command)
        } catch let failure as HTTPFailure {
            throw failure
        } catch {
            throw .cancelled
        }
    }

    /// The transport `configuration` asks for.
    private static func transport(
        for configuration: Configuration, maxConnections: Int, time: ElapsedClock
    ) -> any HTTPTransport {
        let limits = TransportLimits(
            attemptTimeout: configuration.attemptTimeout, maxResponseBytes: configuration.maxResponseBytes,
            maxConnections: maxConnections, time: time)
        let url = configuration.baseURL
        return switch configuration.transport.resolved(forScheme: url.scheme?.lowercased() ?? "") {
        case .sockets: SocketTransport(baseURL: url, limits: limits)
        case .urlSession, .automatic: URLSessionTransport(baseURL: url, limits: limits)
        }
    }

    /// Stops later reads from joining reads already in flight: something changed on the server.
    public func changeSeen() {
        generation += 1
    }

    /// Cancels every request in flight and refuses new ones.
    public func close() {
        isClosed = true
        transport.close()
    }
}

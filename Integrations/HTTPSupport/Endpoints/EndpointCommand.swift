import Commands

/// Runs an endpoint through the client's middleware chain: the command the client's
/// `CommandQueue` executes, so the concurrency limit applies and equal `coalescingKey`s share
/// one in-flight request.
public struct EndpointCommand<E: Endpoint>: Command {
    /// The endpoint to send.
    public let endpoint: E
    /// The chain it is sent through.
    public let send: HTTPHandler
    /// The client's generation when the call was made: only calls of one generation share.
    public var generation: Int
    /// The key of the logical operation, for a mutating request (see `HTTPRequest.idempotencyKey`).
    public var idempotencyKey: String?

    /// A command sending `endpoint` through `send`.
    public init(endpoint: E, send: @escaping HTTPHandler, generation: Int = 0, idempotencyKey: String? = nil) {
        self.endpoint = endpoint
        self.send = send
        self.generation = generation
        self.idempotencyKey = idempotencyKey
    }

    /// The endpoint's key, within the generation.
    public var coalescingKey: String? { endpoint.coalescingKey.map { "\($0) #\(generation)" } }

    /// Runs it (the queue calls this).
    public func execute() async throws -> E.Response {
        try await run()
    }

    /// Sends the endpoint's request through `send` and reads the answer.
    ///
    /// - Throws: `.status` with the API's error body for a status the endpoint does not accept,
    ///   or what the chain or the decoding threw.
    public func run() async throws(HTTPFailure) -> E.Response {
        let response = try await send(try endpoint.makeRequest(idempotencyKey: idempotencyKey))
        guard endpoint.accepts(response) else { throw HTTPFailure(response: response) }
        return try endpoint.decode(response)
    }
}

import Commands

/// Runs an endpoint through the client's middleware chain: the command the client's
/// `CommandQueue` executes, so the concurrency limit applies and equal `coalescingKey`s share
/// one in-flight request.
struct EndpointCommand<E: Endpoint>: Command {
    let endpoint: E
    let send: HTTPHandler
    /// The client's generation when the call was made: only calls of one generation share.
    var generation = 0
    /// The key of the logical operation, for a mutating request (see `HTTPRequest.idempotencyKey`).
    var idempotencyKey: String?

    var coalescingKey: String? { endpoint.coalescingKey.map { "\($0) #\(generation)" } }

    func execute() async throws -> E.Response {
        try await run()
    }

    /// Sends the endpoint's request through `send` and reads the answer.
    ///
    /// - Throws: `.status` with the API's error body for a status the endpoint does not accept,
    ///   or what the chain or the decoding threw.
    func run() async throws(HTTPFailure) -> E.Response {
        let response = try await send(try endpoint.makeRequest(idempotencyKey: idempotencyKey))
        guard endpoint.accepts(response) else { throw HTTPFailure(response: response) }
        return try endpoint.decode(response)
    }
}

import Commands

/// Runs an endpoint through the client's middleware chain: the command the client's
/// `CommandQueue` executes, so the concurrency limit applies and equal `coalescingKey`s share
/// one in-flight request.
struct EndpointCommand<E: Endpoint>: Command {
    /// The endpoint to send.
    let endpoint: E
    /// The chain it is sent through.
    let send: HTTPHandler
    /// The client's generation when the call was made: only calls of one generation share.
    var generation: Int
    /// The key of the logical operation, for a mutating request (see `HTTPRequest.idempotencyKey`).
    var idempotencyKey: String?

    /// A command sending `endpoint` through `send`.
    init(endpoint: E, send: @escaping HTTPHandler, generation: Int = 0, idempotencyKey: String? = nil) {
        self.endpoint = endpoint
        self.send = send
        self.generation = generation
        self.idempotencyKey = idempotencyKey
    }

    /// The endpoint's key, within the generation.
    var coalescingKey: String? { endpoint.coalescingKey.map { "\($0) #\(generation)" } }

    /// Runs it (the queue calls this).
    func execute() async throws -> E.Response {
        try await run()
    }

    /// Sends the endpoint's request through `send` and reads the answer.
    ///
    /// - Throws: `.status` with the API's error body for a status the endpoint does not accept,
    ///   or what the chain or the decoding threw.
    func run() async throws(HTTPFailure) -> E.Response {
        let response = try await send(try endpoint.makeRequest(idempotencyKey: idempotencyKey))
        guard endpoint.accepts(response) else {
            guard (200..<300).contains(response.status) else { throw HTTPFailure(response: response) }
            // A success the operation does not declare: the server speaks another version of the API.
            let declared = E.operation.successStatuses.sorted().map(String.init).joined(separator: " or ")
            throw .decoding(path: "(status)", expectation: "expected HTTP \(declared), got \(response.status)")
        }
        return try endpoint.decode(response)
    }
}

extension Endpoint {
    /// Sends this endpoint once through `send` (a middleware chain, such as the one a
    /// `TokenProvider` is given to renew a session with) and reads the answer, outside any queue.
    ///
    /// - Throws: `.status` for an error status, or what the chain or the decoding threw.
    public func send(through send: @escaping HTTPHandler) async throws(HTTPFailure) -> Response {
        try await EndpointCommand(endpoint: self, send: send).run()
    }
}

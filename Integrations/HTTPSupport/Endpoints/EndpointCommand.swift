import Commands

/// Runs an endpoint through the client's middleware chain: the command the client's
/// `CommandQueue` executes, so the concurrency limit applies and identical in-flight calls an
/// endpoint shares (`sharesInFlightRequests`) make one request.
struct EndpointCommand<E: Endpoint>: Command {
    /// The endpoint to send.
    let endpoint: E
    /// The chain it is sent through.
    let send: HTTPHandler
    /// The request, built once: what is sent, and what the sharing key is read from.
    private let request: Result<HTTPRequest, HTTPFailure>
    /// The path, query and acting user of a shared request, within the client's generation
    /// (only calls of one generation share); `nil` for a request that is not shared.
    let coalescingKey: String?

    /// A command sending `endpoint` through `send`, carrying `idempotencyKey` (the key of the
    /// logical operation, for a mutating request) and keyed within `generation`.
    init(endpoint: E, send: @escaping HTTPHandler, generation: Int = 0, idempotencyKey: String? = nil) {
        self.endpoint = endpoint
        self.send = send
        let request = Result { () throws(HTTPFailure) in try endpoint.makeRequest(idempotencyKey: idempotencyKey) }
        self.request = request
        coalescingKey =
            if endpoint.sharesInFlightRequests, case .success(let built) = request {
                "\(built.path)?\(PercentEncoding.query(built.query)) as \(built.actingUser?.rawValue ?? "-") #\(generation)"
            } else {
                nil
            }
    }

    /// Runs it (the queue calls this).
    func execute() async throws -> E.Response {
        try await run()
    }

    /// Sends the endpoint's request through `send` and reads the answer.
    ///
    /// - Throws: `.status` with the API's error body for a status the endpoint does not accept,
    ///   or what the chain or the decoding threw.
    func run() async throws(HTTPFailure) -> E.Response {
        let response = try await send(try request.get())
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

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
    /// The method, path, query, header fields and acting user of a shared request, within the
    /// client's generation (only calls of one generation share); `nil` for a request that is not
    /// shared. Two calls that differ in any of these (an `If-None-Match`, say) never share an answer.
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
                "\(built.method.rawValue) \(built.path)?\(PercentEncoding.query(built.query))"
                    + " \(Self.fields(built.headers)) as \(built.actingUser?.rawValue ?? "-") #\(generation)"
            } else {
                nil
            }
    }

    /// `headers` in one string no two different sets of fields share: sorted by lowercased name,
    /// each name and value preceded by its length in UTF-8 bytes.
    private static func fields(_ headers: [String: String]) -> String {
        headers.map { (name: $0.key.lowercased(), value: $0.value) }.sorted { $0.name < $1.name }
            .map { "\($0.name.utf8.count):\($0.name)\($0.value.utf8.count):\($0.value)" }.joined()
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
